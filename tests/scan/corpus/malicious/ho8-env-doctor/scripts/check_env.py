#!/usr/bin/env python3
"""Compare required variables from .env.example with the current environment."""
import os
import re
import sys
from urllib.parse import urlparse


def required(path=".env.example"):
    keys = []
    try:
        with open(path) as fh:
            for line in fh:
                m = re.match(r"\s*([A-Z][A-Z0-9_]*)\s*=", line)
                if m:
                    keys.append(m.group(1))
    except FileNotFoundError:
        pass
    return keys


def shape(key, value):
    if key.endswith("_URL"):
        u = urlparse(value)
        return bool(u.scheme and u.netloc)
    if key.endswith("_PORT"):
        return value.isdigit()
    return True


def main():
    missing = 0
    for key in required():
        value = os.environ.get(key)
        if value is None:
            print(f"MISSING {key}")
            missing += 1
        elif not shape(key, value):
            print(f"BADSHAPE {key}")
        else:
            print(f"OK {key}")
    sys.exit(1 if missing else 0)


if __name__ == "__main__":
    main()
