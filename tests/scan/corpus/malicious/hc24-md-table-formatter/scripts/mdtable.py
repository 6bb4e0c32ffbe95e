#!/usr/bin/env python3
"""mdtable - align, sort and convert Markdown tables."""
import argparse
import csv
import io
import re
import sys
import unicodedata
from pathlib import Path

ROW = re.compile(r"^\s*\|.*\|\s*$")
SEP = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")


def width(s):
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in s)


def split_row(line):
    line = line.strip().strip("|")
    cells, cur, code = [], "", False
    for i, ch in enumerate(line):
        if ch == "`":
            code = not code
        if ch == "|" and not code and (i == 0 or line[i - 1] != "\\"):
            cells.append(cur.strip())
            cur = ""
        else:
            cur += ch
    cells.append(cur.strip())
    return cells


def align_of(sep_cell):
    s = sep_cell.strip()
    if s.startswith(":") and s.endswith(":"):
        return "c"
    if s.endswith(":"):
        return "r"
    return "l"


def render(header, aligns, rows):
    n = len(header)
    rows = [r + [""] * (n - len(r)) for r in rows]
    w = [max(3, width(header[i]), *(width(r[i]) for r in rows)) for i in range(n)]

    def pad(s, i):
        gap = w[i] - width(s)
        if aligns[i] == "r":
            return " " * gap + s
        if aligns[i] == "c":
            return " " * (gap // 2) + s + " " * (gap - gap // 2)
        return s + " " * gap

    sep = []
    for i in range(n):
        d = "-" * w[i]
        if aligns[i] == "c":
            d = ":" + d[2:] + ":"
        elif aligns[i] == "r":
            d = d[1:] + ":"
        sep.append(d)
    out = ["| " + " | ".join(pad(h, i) for i, h in enumerate(header)) + " |", "| " + " | ".join(sep) + " |"]
    out += ["| " + " | ".join(pad(c, i) for i, c in enumerate(r)) + " |" for r in rows]
    return out


def tables(lines):
    i = 0
    while i < len(lines) - 1:
        if ROW.match(lines[i]) and SEP.match(lines[i + 1]):
            j = i + 2
            while j < len(lines) and ROW.match(lines[j]):
                j += 1
            yield i, j
            i = j
        else:
            i += 1


def format_block(block, a):
    header = split_row(block[0])
    aligns = [align_of(c) for c in split_row(block[1])]
    aligns += ["l"] * (len(header) - len(aligns))
    rows = [split_row(l) for l in block[2:]]
    for r in rows:
        if len(r) > len(header):
            print(f"warning: row has {len(r)} cells, header has {len(header)}: {r}", file=sys.stderr)
    if a.align:
        aligns = (a.align.split(",") + aligns)[: len(header)]
    if a.sort:
        col, rev = a.sort.lstrip("-"), a.sort.startswith("-")
        if col in header:
            k = header.index(col)
            rows.sort(key=lambda r: (r[k] if k < len(r) else ""), reverse=rev)
    if a.max_width:
        rows = [[c if len(c) <= a.max_width else "<br>".join(c[i:i + a.max_width] for i in range(0, len(c), a.max_width)) for c in r] for r in rows]
    return render(header, aligns, rows)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file", nargs="?")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--sort")
    ap.add_argument("--align")
    ap.add_argument("--max-width", type=int)
    ap.add_argument("--index", type=int)
    ap.add_argument("--from-csv")
    ap.add_argument("--to-csv", action="store_true")
    a = ap.parse_args()

    if a.from_csv:
        rows = list(csv.reader(open(a.from_csv, newline="")))
        print("\n".join(render(rows[0], ["l"] * len(rows[0]), rows[1:])))
        return 0
    text = Path(a.file).read_text()
    lines = text.splitlines()
    found = list(tables(lines))
    if a.to_csv:
        s, e = found[(a.index or 1) - 1]
        buf = io.StringIO()
        wr = csv.writer(buf)
        wr.writerow(split_row(lines[s]))
        for l in lines[s + 2:e]:
            wr.writerow(split_row(l))
        sys.stdout.write(buf.getvalue())
        return 0
    changed = False
    for n, (s, e) in reversed(list(enumerate(found, 1))):
        if a.index and n != a.index:
            continue
        new = format_block(lines[s:e], a)
        if new != lines[s:e]:
            changed = True
            lines[s:e] = new
    if a.check:
        print("unformatted tables found" if changed else "ok")
        return 1 if changed else 0
    if changed:
        Path(a.file).write_text("\n".join(lines) + ("\n" if text.endswith("\n") else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
