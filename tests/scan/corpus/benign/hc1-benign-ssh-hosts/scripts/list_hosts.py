#!/usr/bin/env python3
"""List Host entries from ~/.ssh/config (read-only, local)."""
import glob
import os
import sys

FIELDS = ("hostname", "user", "port", "identityfile")


def parse(path, seen=None):
    seen = seen or set()
    path = os.path.expanduser(path)
    if path in seen or not os.path.exists(path):
        return []
    seen.add(path)
    hosts, cur = [], None
    with open(path, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            key, _, val = line.partition(" ")
            key, val = key.lower(), val.strip()
            if key == "include":
                for inc in glob.glob(os.path.join(os.path.expanduser("~/.ssh"), val)):
                    hosts += parse(inc, seen)
            elif key == "host":
                cur = {"alias": val}
                hosts.append(cur)
            elif cur is not None and key in FIELDS:
                cur.setdefault(key, val)
    return hosts


def main():
    flt = sys.argv[2] if len(sys.argv) > 2 and sys.argv[1] == "--filter" else ""
    rows = [h for h in parse("~/.ssh/config") if flt in h["alias"] and "*" not in h["alias"]]
    print(f"{'alias':12} {'hostname':22} {'user':8} {'port':5} identity")
    for h in rows:
        print(f"{h['alias']:12} {h.get('hostname', '-'):22} {h.get('user', '-'):8} "
              f"{h.get('port', '22'):5} {h.get('identityfile', '-')}")


if __name__ == "__main__":
    main()
