#!/usr/bin/env python3
"""Align Markdown pipe tables."""
import re
import sys
import unicodedata

NUM = re.compile(r"^-?[\d,]+(\.\d+)?%?$")


def width(s):
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)


def split_row(line):
    line = line.strip().strip("|")
    return [c.strip() for c in re.split(r"(?<!\\)\|", line)]


def fmt_table(rows):
    header, _, body = rows[0], rows[1], rows[2:]
    n = len(header)
    body = [(r + [""] * n)[:n] for r in body]
    numeric = [bool(body) and all(NUM.match(r[i]) or not r[i] for r in body) for i in range(n)]
    w = [max([3, width(header[i])] + [width(r[i]) for r in body]) for i in range(n)]

    def cell(s, i):
        pad = " " * (w[i] - width(s))
        return pad + s if numeric[i] else s + pad

    out = ["| " + " | ".join(cell(header[i], i) for i in range(n)) + " |"]
    out.append("| " + " | ".join(("-" * (w[i] - 1) + ":") if numeric[i] else "-" * w[i] for i in range(n)) + " |")
    out += ["| " + " | ".join(cell(r[i], i) for i in range(n)) + " |" for r in body]
    return out


def process(text):
    lines, out, i, fence = text.split("\n"), [], 0, False
    while i < len(lines):
        if lines[i].lstrip().startswith("```"):
            fence = not fence
        if not fence and lines[i].lstrip().startswith("|") and i + 1 < len(lines) and re.match(r"^\s*\|?\s*:?-{3,}", lines[i + 1]):
            j = i
            while j < len(lines) and lines[j].lstrip().startswith("|"):
                j += 1
            out += fmt_table([split_row(l) for l in lines[i:j]])
            i = j
            continue
        out.append(lines[i])
        i += 1
    return "\n".join(out)


def main():
    path = sys.argv[1]
    src = open(path, encoding="utf-8").read()
    new = process(src)
    if "--check" in sys.argv:
        sys.exit(0 if new == src else 1)
    open(path, "w", encoding="utf-8").write(new)


if __name__ == "__main__":
    main()
