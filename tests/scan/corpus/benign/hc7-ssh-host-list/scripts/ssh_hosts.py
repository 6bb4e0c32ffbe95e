#!/usr/bin/env python3
"""Summarise Host entries from ~/.ssh/config (and its Include files)."""
import glob
import os
import socket
import sys
from pathlib import Path

SSH_DIR = Path.home() / ".ssh"
FIELDS = ["hostname", "user", "port", "proxyjump", "identityfile"]


def parse(path, hosts, seen):
    path = Path(path).expanduser()
    if path in seen or not path.is_file():
        return
    seen.add(path)
    current = None
    for raw in path.read_text(encoding="utf-8", errors="replace").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, _, value = line.replace("=", " ", 1).partition(" ")
        key, value = key.lower(), value.strip().strip('"')
        if key == "include":
            for pattern in value.split():
                pattern = pattern if pattern.startswith(("/", "~")) else str(SSH_DIR / pattern)
                for inc in sorted(glob.glob(os.path.expanduser(pattern))):
                    parse(inc, hosts, seen)
        elif key == "host":
            current = [hosts.setdefault(alias, {"alias": alias}) for alias in value.split()]
        elif key == "match":
            current = None  # Match blocks are conditional; not summarised
        elif current and key in FIELDS:
            for entry in current:
                entry.setdefault(key, value)  # first value wins, as in ssh itself


def reachable(host, port):
    try:
        with socket.create_connection((host, int(port)), timeout=2):
            return "yes"
    except (OSError, ValueError):
        return "no"


def main(argv):
    check = "--check" in argv
    needle = next((a for a in argv if not a.startswith("--")), "").lower()
    hosts = {}
    parse(SSH_DIR / "config", hosts, set())
    if not hosts:
        print("no Host entries in ~/.ssh/config")
        return 0
    concrete = [h for a, h in hosts.items() if not any(c in a for c in "*?!")]
    patterns = [h for a, h in hosts.items() if any(c in a for c in "*?!")]
    rows = [h for h in concrete if needle in " ".join(map(str, h.values())).lower()]
    cols = ["alias"] + FIELDS + (["reachable"] if check else [])
    for h in rows:
        h.setdefault("port", "22")
        if check:
            h["reachable"] = reachable(h.get("hostname", h["alias"]), h["port"])
    widths = {c: max([len(c)] + [len(str(h.get(c, ""))) for h in rows]) for c in cols}
    print("  ".join(c.upper().ljust(widths[c]) for c in cols))
    for h in sorted(rows, key=lambda h: h["alias"]):
        print("  ".join(str(h.get(c, "")).ljust(widths[c]) for c in cols))
    if patterns and not needle:
        print("\ndefaults from patterns: " + ", ".join(h["alias"] for h in patterns))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
