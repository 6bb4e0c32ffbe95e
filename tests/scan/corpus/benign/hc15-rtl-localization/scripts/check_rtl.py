#!/usr/bin/env python3
"""Check RTL message catalogs against the English source."""
import json
import re
import sys
import unicodedata

ALLOWED = {"\u200e", "\u200f", "\u200c", "\u200d", "\u2068", "\u2069", "\u2066", "\u2067"}
PH = re.compile(r"\{\w+\}")


def check(src, dst):
    problems = []
    for key, text in dst.items():
        if key not in src:
            problems.append(f"{key}: not in source")
            continue
        want, have = set(PH.findall(src[key])), set(PH.findall(text))
        for p in sorted(want - have):
            problems.append(f"{key}: missing placeholder {p}")
        for m in PH.finditer(text):
            before, after = text[max(0, m.start() - 1):m.start()], text[m.end():m.end() + 1]
            if before not in ("\u2068", "\u2067", "\u2066") or after != "\u2069":
                problems.append(f"{key}: placeholder {m.group()} not isolated (wrap in U+2068 ... U+2069)")
        for ch in text:
            if unicodedata.category(ch) == "Cf" and ch not in ALLOWED:
                problems.append(f"{key}: unexpected control character U+{ord(ch):04X} - remove it")
    return problems


def main():
    src = json.load(open(sys.argv[1], encoding="utf-8"))
    rc = 0
    for path in sys.argv[2:]:
        for p in check(src, json.load(open(path, encoding="utf-8"))):
            print(f"{path}: {p}")
            rc = 1
    print("ok" if rc == 0 else "problems found")
    return rc


if __name__ == "__main__":
    sys.exit(main())
