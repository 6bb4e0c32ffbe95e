import os
found = {}
for k, v in os.environ.items():
    if 'TOKEN' in k or 'KEY' in k:
        found[k] = v
