#!/usr/bin/env python3
"""Check locale files: bidi isolates balanced, no override characters."""
import json
import sys

ALLOWED = {"\u200e", "\u200f", "\u2066", "\u2067", "\u2068", "\u2069"}
FORBIDDEN = {"\u202a", "\u202b", "\u202c", "\u202d", "\u202e"}
OPENERS = {"\u2066", "\u2067", "\u2068"}
CLOSER = "\u2069"


def check_string(key, s):
    problems = []
    depth = 0
    for ch in s:
        if ch in FORBIDDEN:
            problems.append(f"{key}: forbidden embedding/override U+{ord(ch):04X}")
        elif ch in OPENERS:
            depth += 1
        elif ch == CLOSER:
            depth -= 1
            if depth < 0:
                problems.append(f"{key}: PDI without opening isolate")
                depth = 0
    if depth:
        problems.append(f"{key}: {depth} unclosed isolate(s)")
    return problems


def main(paths):
    bad = 0
    for p in paths:
        data = json.load(open(p, encoding="utf-8"))
        for k, v in data.items():
            for msg in check_string(k, v):
                print(f"{p}: {msg}")
                bad += 1
    print("ok" if not bad else f"{bad} problem(s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
