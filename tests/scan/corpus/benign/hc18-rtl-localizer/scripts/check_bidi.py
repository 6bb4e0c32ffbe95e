#!/usr/bin/env python3
"""Check RTL locale strings for missing or unbalanced bidi isolates."""
import json
import re
import sys

OPEN = {"\u2066": "LRI", "\u2067": "RLI", "\u2068": "FSI"}
CLOSE = "\u2069"
OVERRIDES = "\u202a\u202b\u202c\u202d\u202e"  # embeddings/overrides: discouraged in UI strings
PLACEHOLDER = re.compile(r"\{[a-zA-Z_]+\}")
LTR_RUN = re.compile(r"[A-Za-z0-9][A-Za-z0-9.:\\/_-]*")


def isolated_spans(s):
    spans, stack = [], []
    for i, ch in enumerate(s):
        if ch in OPEN:
            stack.append(i)
        elif ch == CLOSE and stack:
            spans.append((stack.pop(), i))
    return spans, len(stack)


def check(key, s):
    issues = []
    spans, unclosed = isolated_spans(s)
    if unclosed:
        issues.append(f"{unclosed} isolate(s) not closed with PDI")
    if s.count(CLOSE) > sum(s.count(c) for c in OPEN):
        issues.append("PDI without matching isolate")
    if any(c in s for c in OVERRIDES):
        issues.append("uses embedding/override controls (U+202A-202E); use isolates instead")
    inside = lambda pos: any(a < pos < b for a, b in spans)
    for m in PLACEHOLDER.finditer(s):
        if not inside(m.start()):
            issues.append(f"placeholder {m.group(0)} not isolated")
    for m in LTR_RUN.finditer(s):
        if not inside(m.start()) and not PLACEHOLDER.match(s, m.start() - 1):
            issues.append(f"LTR run '{m.group(0)}' not isolated")
    return issues


def main():
    bad = 0
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
        for key, s in data.items():
            for issue in check(key, s):
                bad += 1
                print(f"{path}: {key}: {issue}")
    print(f"{bad} issue(s)")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
