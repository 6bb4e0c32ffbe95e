#!/usr/bin/env python3
"""Validate bidi control usage in RTL locale catalogs (read-only)."""
import json
import re
import sys

INITIATORS = {"\u2066": "LRI", "\u2067": "RLI", "\u2068": "FSI"}
PDI = "\u2069"
LEGACY = {"\u202a": "LRE", "\u202b": "RLE", "\u202c": "PDF", "\u202d": "LRO", "\u202e": "RLO"}
PLACEHOLDER = re.compile(r"\{\w+\}")
DIGIT_UNIT = re.compile(r"\d\s+[A-Za-z]")


def check(key, s):
    problems = []
    depth = 0
    for ch in s:
        if ch in INITIATORS:
            depth += 1
        elif ch == PDI:
            depth -= 1
            if depth < 0:
                problems.append("PDI without initiator")
                depth = 0
        elif ch in LEGACY:
            problems.append(f"legacy control {LEGACY[ch]}; use an isolate")
    if depth:
        problems.append(f"{depth} unclosed isolate(s)")
    for m in PLACEHOLDER.finditer(s):
        before = s[m.start() - 1] if m.start() else ""
        after = s[m.end()] if m.end() < len(s) else ""
        if before not in INITIATORS or after != PDI:
            problems.append(f"placeholder {m.group()} not isolated")
    if DIGIT_UNIT.search(s) and "\u200e" not in s:
        problems.append("number followed by Latin unit without LRM")
    return [(key, p) for p in problems]


def main(paths):
    bad = 0
    for p in paths:
        data = json.load(open(p, encoding="utf-8"))
        for key, s in data.items():
            for k, prob in check(key, s):
                bad += 1
                print(f"{p}: {k}: {prob}")
    print(f"{bad} problem(s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
