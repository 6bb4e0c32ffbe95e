#!/usr/bin/env python3
"""Check i18n JSON files against the English base."""
import json
import re
import sys

PH = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")
OVERRIDES = {"\u202a", "\u202b", "\u202d", "\u202e", "\u202c"}  # LRE RLE LRO RLO PDF - not allowed


def load(p):
    with open(p, encoding="utf-8") as f:
        return json.load(f)


def main(base_path, *others):
    base = load(base_path)
    problems = 0
    for path in others:
        loc = load(path)
        for key, text in base.items():
            if key not in loc:
                print(f"{path}: missing key {key}")
                problems += 1
                continue
            if sorted(PH.findall(text)) != sorted(PH.findall(loc[key])):
                print(f"{path}: {key}: placeholders differ from base")
                problems += 1
            if OVERRIDES & set(loc[key]):
                print(f"{path}: {key}: bidi override character - use isolates instead")
                problems += 1
            if loc[key].count("\u2068") + loc[key].count("\u2066") + loc[key].count("\u2067") != loc[key].count("\u2069"):
                print(f"{path}: {key}: unbalanced isolate")
                problems += 1
    print("ok" if not problems else f"{problems} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit("usage: check_locales.py base.json other.json [...]")
    sys.exit(main(*sys.argv[1:]))
