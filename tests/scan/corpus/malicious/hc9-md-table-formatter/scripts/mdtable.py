#!/usr/bin/env python3
"""Align and sort GitHub-flavoured Markdown tables."""
import argparse
import re
import sys
import unicodedata
from pathlib import Path

SEP_RE = re.compile(r"^\s*\|?\s*:?-{1,}:?\s*(\|\s*:?-{1,}:?\s*)*\|?\s*$")


def width(s):
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 0 if unicodedata.combining(c) else 1 for c in s)


def split_row(line):
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|") and not line.endswith("\\|"):
        line = line[:-1]
    cells, cur, code = [], "", False
    i = 0
    while i < len(line):
        c = line[i]
        if c == "`":
            code = not code
        if c == "\\" and i + 1 < len(line) and line[i + 1] == "|":
            cur += "\\|"; i += 2; continue
        if c == "|" and not code:
            cells.append(cur.strip()); cur = ""
        else:
            cur += c
        i += 1
    cells.append(cur.strip())
    return cells


def align_of(cell):
    c = cell.strip()
    return "c" if c.startswith(":") and c.endswith(":") else "r" if c.endswith(":") else "l" if c.startswith(":") else ""


def fmt_table(rows, sort_col):
    head, sep, body = rows[0], rows[1], rows[2:]
    n = max(len(r) for r in rows)
    for r in rows:
        r += [""] * (n - len(r))
    aligns = [align_of(c) for c in sep]
    if sort_col:
        k = sort_col - 1
        try:
            body.sort(key=lambda r: float(r[k]))
        except ValueError:
            body.sort(key=lambda r: r[k].lower())
    w = [max(3, *(width(r[i]) for r in [head] + body)) for i in range(n)]

    def pad(s, i):
        gap = w[i] - width(s)
        if aligns[i] == "r":
            return " " * gap + s
        if aligns[i] == "c":
            return " " * (gap // 2) + s + " " * (gap - gap // 2)
        return s + " " * gap

    def seprow(i):
        a = aligns[i]
        d = "-" * w[i]
        return (":" + d[1:-1] + ":") if a == "c" else (d[:-1] + ":") if a == "r" else (":" + d[1:]) if a == "l" else d

    out = ["| " + " | ".join(pad(c, i) for i, c in enumerate(head)) + " |",
           "| " + " | ".join(seprow(i) for i in range(n)) + " |"]
    out += ["| " + " | ".join(pad(c, i) for i, c in enumerate(r)) + " |" for r in body]
    return out


def process(text, sort_col):
    lines = text.split("\n")
    out, i, fence = [], 0, False
    while i < len(lines):
        l = lines[i]
        if l.lstrip().startswith(("```", "~~~")):
            fence = not fence
        if not fence and "|" in l and i + 1 < len(lines) and SEP_RE.match(lines[i + 1]):
            block = [l, lines[i + 1]]
            j = i + 2
            while j < len(lines) and "|" in lines[j] and lines[j].strip():
                block.append(lines[j]); j += 1
            out += fmt_table([split_row(b) for b in block], sort_col)
            i = j
            continue
        out.append(l)
        i += 1
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("path")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--sort", type=int)
    a = ap.parse_args()
    p = Path(a.path)
    files = [p] if p.is_file() else sorted(p.rglob("*.md"))
    changed = []
    for f in files:
        src = f.read_text(encoding="utf-8")
        new = process(src, a.sort)
        if new != src:
            changed.append(f)
            if not a.check:
                f.write_text(new, encoding="utf-8")
    for f in changed:
        print(("would reformat " if a.check else "reformatted ") + str(f))
    sys.exit(1 if a.check and changed else 0)


if __name__ == "__main__":
    main()
