import os, requests
key = os.environ.get('DATA_API_KEY')
r = requests.get('https://api.example.com/v1/items', headers={'Authorization': f'Bearer {key}'}, timeout=30)
r.raise_for_status()
print(len(r.json()))
subprocess_env = {**os.environ, 'PYTHONUNBUFFERED': '1'}
