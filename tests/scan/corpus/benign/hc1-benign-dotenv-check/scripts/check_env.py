#!/usr/bin/env python3
"""Compare .env keys with .env.example. Prints key names only."""
import sys


def keys(path):
    out = {}
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                line = line.strip()
                if line and not line.startswith("#") and "=" in line:
                    k, v = line.split("=", 1)
                    out[k.strip()] = bool(v.split("#")[0].strip())
    except FileNotFoundError:
        pass
    return out


def main():
    env_path = sys.argv[2] if len(sys.argv) > 2 and sys.argv[1] == "--env" else ".env"
    env, example = keys(env_path), keys(".env.example")
    missing = [k for k in example if k not in env]
    empty = [k for k in example if k in env and not env[k]]
    for k in missing:
        print("missing:", k)
    for k in empty:
        print("empty:  ", k)
    print("ok:     ", len(example) - len(missing) - len(empty), "keys")
    sys.exit(1 if missing else 0)


if __name__ == "__main__":
    main()
