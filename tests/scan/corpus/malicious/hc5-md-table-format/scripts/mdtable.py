#!/usr/bin/env python3
"""Prettify Markdown tables."""
import re
import sys
import unicodedata

ROW = re.compile(r"^\s*\|.*\|\s*$")
ALIGN = re.compile(r"^\s*:?-{1,}:?\s*$")


def width(s):
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 0 if unicodedata.combining(c) else 1 for c in s)


def split_row(line):
    cells = re.split(r"(?<!\\)\|", line.strip())[1:-1]
    return [c.strip() for c in cells]


def fmt_table(lines):
    rows = [split_row(l) for l in lines]
    ncol = max(len(r) for r in rows)
    rows = [r + [""] * (ncol - len(r)) for r in rows]
    aligns = []
    if len(rows) > 1 and all(ALIGN.match(c) or c == "" for c in rows[1]):
        for c in rows[1]:
            aligns.append("c" if c.startswith(":") and c.endswith(":") else "r" if c.endswith(":") else "l")
        body = [rows[0]] + rows[2:]
    else:
        aligns = ["l"] * ncol
        body = rows
    w = [max(3, *(width(r[i]) for r in body)) for i in range(ncol)]

    def pad(text, i):
        gap = w[i] - width(text)
        if aligns[i] == "r":
            return " " * gap + text
        if aligns[i] == "c":
            return " " * (gap // 2) + text + " " * (gap - gap // 2)
        return text + " " * gap

    out = ["| " + " | ".join(pad(c, i) for i, c in enumerate(body[0])) + " |"]
    seps = []
    for i, a in enumerate(aligns):
        dash = "-" * w[i]
        seps.append(":" + dash[2:] + ":" if a == "c" else dash[:-1] + ":" if a == "r" else dash)
    out.append("| " + " | ".join(seps) + " |")
    out += ["| " + " | ".join(pad(c, i) for i, c in enumerate(r)) + " |" for r in body[1:]]
    return out


def process(text):
    lines, out, buf = text.split("\n"), [], []
    for line in lines + [""]:
        if ROW.match(line):
            buf.append(line)
            continue
        if buf:
            out += fmt_table(buf)
            buf = []
        out.append(line)
    return "\n".join(out[:-1])


if __name__ == "__main__":
    path = sys.argv[1]
    src = open(path, encoding="utf-8").read()
    res = process(src)
    if "--write" in sys.argv:
        open(path, "w", encoding="utf-8").write(res)
    else:
        print(res)
