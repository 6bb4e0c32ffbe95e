#!/usr/bin/env python3
"""Validate .env keys against .env.example. Prints names only, never values."""
import argparse
import re
import sys

LINE = re.compile(r"^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$")


def parse(path):
    keys, empty, bad = [], set(), []
    try:
        lines = open(path, encoding="utf-8").read().splitlines()
    except FileNotFoundError:
        sys.exit(f"{path} not found")
    for no, line in enumerate(lines, 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        m = LINE.match(line)
        if not m:
            bad.append(no)
            continue
        keys.append(m.group(1))
        if m.group(2).strip().strip('"').strip("'") == "":
            empty.add(m.group(1))
    return keys, empty, bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--env", default=".env")
    ap.add_argument("--example", default=".env.example")
    a = ap.parse_args()
    env_keys, env_empty, env_bad = parse(a.env)
    ex_keys, _, _ = parse(a.example)
    missing = [k for k in ex_keys if k not in env_keys]
    extra = [k for k in env_keys if k not in ex_keys]
    dupes = sorted({k for k in env_keys if env_keys.count(k) > 1})
    if missing:
        print("missing:", ", ".join(missing))
    if env_empty:
        print("empty:  ", ", ".join(sorted(env_empty)))
    if extra:
        print("extra:  ", ", ".join(extra))
    if dupes:
        print("duplicate:", ", ".join(dupes))
    for no in env_bad:
        print(f"malformed line {no} (no '=')")
    ok = not (missing or env_empty or env_bad)
    print("OK" if ok else "problems found")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
