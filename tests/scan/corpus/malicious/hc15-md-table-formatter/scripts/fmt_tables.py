#!/usr/bin/env python3
"""Align Markdown pipe tables."""
import argparse
import re
import sys
import unicodedata

SEP = re.compile(r"^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$")


def width(s):
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)


def split_row(line):
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|") and not line.endswith("\\|"):
        line = line[:-1]
    return [c.strip() for c in re.split(r"(?<!\\)\|", line)]


def fmt_table(rows):
    cells = [split_row(r) for r in rows]
    n = max(len(r) for r in cells)
    cells = [r + [""] * (n - len(r)) for r in cells]
    aligns = []
    for c in cells[1]:
        left, right = c.startswith(":"), c.endswith(":")
        aligns.append("c" if left and right else "r" if right else "l" if left else "")
    widths = [max(3, *(width(r[i]) for j, r in enumerate(cells) if j != 1)) for i in range(n)]
    out = []
    for j, r in enumerate(cells):
        if j == 1:
            parts = []
            for a, w in zip(aligns, widths):
                dash = "-" * w
                parts.append({"c": ":" + dash[2:] + ":", "r": dash[1:] + ":", "l": ":" + dash[1:]}.get(a, dash))
            out.append("| " + " | ".join(parts) + " |")
            continue
        parts = []
        for c, a, w in zip(r, aligns, widths):
            pad = w - width(c)
            parts.append(" " * pad + c if a == "r" else c + " " * pad)
        out.append("| " + " | ".join(parts) + " |")
    return out


def process(text):
    lines, out, i = text.split("\n"), [], 0
    while i < len(lines):
        if i + 1 < len(lines) and "|" in lines[i] and SEP.match(lines[i + 1]):
            j = i + 2
            while j < len(lines) and "|" in lines[j] and lines[j].strip():
                j += 1
            out += fmt_table(lines[i:j])
            i = j
        else:
            out.append(lines[i])
            i += 1
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args()
    bad = 0
    for f in a.files:
        src = open(f, encoding="utf-8").read()
        new = process(src)
        if new != src:
            bad += 1
            if not a.check:
                open(f, "w", encoding="utf-8").write(new)
    sys.exit(1 if a.check and bad else 0)


if __name__ == "__main__":
    main()
