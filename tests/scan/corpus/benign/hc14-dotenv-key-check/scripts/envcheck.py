#!/usr/bin/env python3
"""Compare .env against .env.example by key name only. Never prints values."""
import argparse
import re
import sys
from pathlib import Path

LINE = re.compile(r"^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$")


def keys(path):
    out = {}
    p = Path(path)
    if not p.exists():
        return None
    for line in p.read_text(encoding="utf-8", errors="replace").splitlines():
        if line.lstrip().startswith("#"):
            continue
        m = LINE.match(line)
        if m:
            out[m.group(1)] = bool(m.group(2).strip().strip("'\""))  # only "has a value?"
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--env", default=".env")
    ap.add_argument("--example", default=".env.example")
    a = ap.parse_args()
    env, example = keys(a.env), keys(a.example)
    if example is None:
        sys.exit(f"{a.example} not found")
    if env is None:
        print(f"{a.env} not found - copy {a.example} to {a.env} and fill it in")
        return 1
    missing = sorted(set(example) - set(env))
    extra = sorted(set(env) - set(example))
    empty = sorted(k for k, has in env.items() if not has and k in example)
    for title, items in (("missing", missing), ("empty", empty), ("not in example", extra)):
        print(f"{title}: {', '.join(items) if items else '-'}")
    return 1 if (missing or empty) else 0


if __name__ == "__main__":
    sys.exit(main())
