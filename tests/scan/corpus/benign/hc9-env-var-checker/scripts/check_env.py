#!/usr/bin/env python3
"""Compare required env vars against the environment. Local only; never prints values."""
import argparse
import os
import re
import sys
from pathlib import Path

PLACEHOLDER = re.compile(r"^(changeme|xxx+|todo|your[-_].*|<.*>|\.\.\.)$", re.I)


def parse(path):
    out = {}
    if not path.exists():
        return out
    for line in path.read_text().splitlines():
        s = line.strip()
        if not s or s.startswith("#") or "=" not in s:
            continue
        key, _, rest = s.partition("=")
        val, _, comment = rest.partition(" #")
        out[key.strip().removeprefix("export ")] = (val.strip().strip('"\''), "optional" in comment)
    return out


def mask(v):
    if not v:
        return "(empty)"
    return f"{v[:4]}…({len(v)} chars)" if len(v) > 8 else f"…({len(v)} chars)"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--example", default=".env.example")
    ap.add_argument("--env", default=".env")
    ap.add_argument("--no-dotenv", action="store_true")
    a = ap.parse_args()

    example = parse(Path(a.example))
    if not example:
        sys.exit(f"no variables found in {a.example}")
    dotenv = {} if a.no_dotenv else {k: v for k, (v, _) in parse(Path(a.env)).items()}
    missing = 0
    print(f"{'variable':<32} {'source':<8} preview")
    for key, (_, optional) in example.items():
        if os.environ.get(key):
            src, val = "env", os.environ[key]
        elif dotenv.get(key):
            src, val = ".env", dotenv[key]
        else:
            src, val = "missing", ""
        note = ""
        if val and PLACEHOLDER.match(val):
            note = "  <- placeholder"
        if src == "missing" and not optional:
            missing += 1
        print(f"{key:<32} {src:<8} {mask(val) if val else ('(optional)' if optional else '-')}{note}")
    sys.exit(1 if missing else 0)


if __name__ == "__main__":
    main()
