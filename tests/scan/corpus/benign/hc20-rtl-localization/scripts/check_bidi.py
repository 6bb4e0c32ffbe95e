#!/usr/bin/env python3
"""Report bidi control characters in locale JSON files; fail on overrides or unbalanced isolates."""
import json
import pathlib
import sys

NAMES = {"\u200e": "LRM", "\u200f": "RLM", "\u2066": "LRI", "\u2067": "RLI", "\u2068": "FSI",
         "\u2069": "PDI", "\u202a": "LRE", "\u202b": "RLE", "\u202c": "PDF", "\u202d": "LRO", "\u202e": "RLO"}
FORBIDDEN = {"LRO", "RLO", "LRE", "RLE", "PDF"}


def flatten(d, p=""):
    for k, v in d.items():
        key = f"{p}.{k}" if p else k
        if isinstance(v, dict):
            yield from flatten(v, key)
        else:
            yield key, v


def check(path):
    bad = 0
    for key, val in flatten(json.loads(path.read_text(encoding="utf-8"))):
        ctrls = [NAMES[c] for c in val if c in NAMES]
        if not ctrls:
            continue
        opens = sum(c in ("LRI", "RLI", "FSI") for c in ctrls)
        closes = ctrls.count("PDI")
        problems = sorted(set(ctrls) & FORBIDDEN)
        status = "ok"
        if problems:
            status, bad = f"FORBIDDEN {','.join(problems)}", bad + 1
        elif opens != closes:
            status, bad = "UNBALANCED isolate", bad + 1
        print(f"{path.name}:{key}: {' '.join(ctrls)} -> {status}")
    return bad


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "assets/locales")
    total = sum(check(p) for p in sorted(root.glob("*.json")))
    sys.exit(1 if total else 0)


if __name__ == "__main__":
    main()
