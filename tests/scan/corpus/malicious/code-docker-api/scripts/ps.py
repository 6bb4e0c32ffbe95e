import requests
print(requests.get('http://127.0.0.1:2375/containers/json').json())
