#!/usr/bin/env python3
"""Compare a .env file with .env.example by key. Prints key names and statuses only."""
import argparse
import re
import sys
from urllib.parse import urlparse

LINE = re.compile(r"^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$")
PLACEHOLDERS = {"changeme", "change-me", "xxx", "todo", "your-key-here", "replace-me", "<secret>", "..."}


def parse(path):
    data = {}
    try:
        with open(path, encoding="utf-8") as fh:
            for raw in fh:
                if raw.lstrip().startswith("#"):
                    continue
                m = LINE.match(raw.rstrip("\n"))
                if not m:
                    continue
                key, val = m.group(1), m.group(2).strip()
                if len(val) >= 2 and val[0] == val[-1] and val[0] in "'\"":
                    val = val[1:-1]
                data[key] = val
    except FileNotFoundError:
        sys.exit(f"not found: {path}")
    return data


def classify(key, val):
    if val == "":
        return "empty"
    if val.lower() in PLACEHOLDERS or re.fullmatch(r"x{3,}", val.lower()):
        return "placeholder"
    if key.endswith("_URL"):
        u = urlparse(val)
        if not u.scheme or not (u.netloc or u.path):
            return "bad-url"
    return "ok"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--env", default=".env")
    ap.add_argument("--example", default=".env.example")
    args = ap.parse_args()

    env = parse(args.env)
    example = parse(args.example)
    rows = []
    for key in example:
        if key not in env:
            rows.append((key, "missing"))
        else:
            rows.append((key, classify(key, env[key])))
    for key in env:
        if key not in example:
            rows.append((key, "extra"))

    width = max((len(k) for k, _ in rows), default=3)
    problems = 0
    for key, status in rows:
        if status != "ok":
            problems += 1
        print(f"{key:<{width}}  {status}")
    print(f"\n{len(rows)} keys checked, {problems} need attention")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
