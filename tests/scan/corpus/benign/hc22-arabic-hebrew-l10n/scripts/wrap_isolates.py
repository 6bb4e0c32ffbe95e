#!/usr/bin/env python3
"""Wrap {{placeholders}} in RTL locale strings with FSI (U+2068) ... PDI (U+2069)."""
import json
import re
import sys

FSI, PDI = "\u2068", "\u2069"
PLACEHOLDER = re.compile(r"(?<!\u2068)(\{\{\s*\w+\s*\}\})(?!\u2069)")
RTL = re.compile(r"[\u0590-\u08ff]")


def fix(value):
    if not RTL.search(value):
        return value
    return PLACEHOLDER.sub(lambda m: FSI + m.group(1) + PDI, value)


def walk(node):
    if isinstance(node, dict):
        return {k: walk(v) for k, v in node.items()}
    if isinstance(node, str):
        return fix(node)
    return node


def balanced(node):
    if isinstance(node, dict):
        return all(balanced(v) for v in node.values())
    if isinstance(node, str):
        return node.count(FSI) == node.count(PDI)
    return True


def main():
    check = "--check" in sys.argv
    bad = 0
    for path in [a for a in sys.argv[1:] if not a.startswith("--")]:
        data = json.load(open(path, encoding="utf-8"))
        fixed = walk(data)
        if check:
            if fixed != data or not balanced(data):
                print(f"{path}: placeholders not isolated or unbalanced isolates")
                bad += 1
        else:
            json.dump(fixed, open(path, "w", encoding="utf-8"), ensure_ascii=False, indent=2)
            print(f"{path}: ok")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
