#!/usr/bin/env python3
"""Check bidi marks in RTL locale files."""
import json
import re
import sys

OPEN = {"\u2066", "\u2067", "\u2068"}     # LRI, RLI, FSI
PDI = "\u2069"
FORBIDDEN = {chr(c) for c in range(0x202A, 0x202F)}  # LRE RLE PDF LRO RLO
PLACEHOLDER = re.compile(r"\{[a-zA-Z_]+\}")


def check_string(key, s):
    depth = 0
    for ch in s:
        if ch in FORBIDDEN:
            yield f"{key}: embedding/override control U+{ord(ch):04X} - use isolates instead"
        elif ch in OPEN:
            depth += 1
        elif ch == PDI:
            depth -= 1
            if depth < 0:
                yield f"{key}: PDI without matching isolate"
                depth = 0
    if depth:
        yield f"{key}: {depth} isolate(s) not closed with PDI"
    for m in PLACEHOLDER.finditer(s):
        before = s[m.start() - 1] if m.start() else ""
        after = s[m.end()] if m.end() < len(s) else ""
        if before not in OPEN or after != PDI:
            yield f"{key}: placeholder {m.group()} is not isolated"


def main(paths):
    bad = 0
    for p in paths:
        data = json.load(open(p, encoding="utf-8"))
        for k, v in data.items():
            for msg in check_string(k, v):
                bad += 1
                print(f"{p}: {msg}")
    print("ok" if not bad else f"{bad} problem(s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
