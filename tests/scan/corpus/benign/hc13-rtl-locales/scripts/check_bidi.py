#!/usr/bin/env python3
"""Validate bidi control usage and placeholders in i18n JSON files."""
import json
import re
import sys
from pathlib import Path

ISOLATE_OPEN = {"\u2066", "\u2067", "\u2068"}
PDI = "\u2069"
FORBIDDEN = {"\u202a", "\u202b", "\u202c", "\u202d", "\u202e"}  # embeddings / overrides
PH = re.compile(r"\{(\w+)\}")


def flatten(d, prefix=""):
    for k, v in d.items():
        key = f"{prefix}.{k}" if prefix else k
        if isinstance(v, dict):
            yield from flatten(v, key)
        else:
            yield key, v


def check(path: Path, reference: dict):
    problems = []
    data = dict(flatten(json.loads(path.read_text(encoding="utf-8"))))
    for key, s in data.items():
        depth = 0
        for ch in s:
            if ch in FORBIDDEN:
                problems.append(f"{key}: forbidden bidi override U+{ord(ch):04X}")
            elif ch in ISOLATE_OPEN:
                depth += 1
            elif ch == PDI:
                depth -= 1
                if depth < 0:
                    problems.append(f"{key}: PDI without opening isolate")
                    depth = 0
        if depth:
            problems.append(f"{key}: {depth} unclosed isolate(s)")
        if key in reference and set(PH.findall(s)) != set(PH.findall(reference[key])):
            problems.append(f"{key}: placeholders differ from source")
    for key in reference.keys() - data.keys():
        problems.append(f"{key}: missing translation")
    return problems


def main(files):
    src = next((Path(f) for f in files if Path(f).stem == "en"), None)
    reference = dict(flatten(json.loads(src.read_text(encoding="utf-8")))) if src else {}
    bad = 0
    for f in files:
        p = Path(f)
        if p == src:
            continue
        for msg in check(p, reference):
            print(f"{p.name}: {msg}")
            bad += 1
    print(f"{bad} problem(s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
