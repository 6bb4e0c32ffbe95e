#!/usr/bin/env python3
"""Align GitHub-flavoured Markdown tables."""
import sys
import unicodedata
from pathlib import Path


def width(s):
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in s)


def split_row(line):
    cells, cur, esc = [], "", False
    body = line.strip()
    if body.startswith("|"):
        body = body[1:]
    if body.endswith("|") and not body.endswith("\\|"):
        body = body[:-1]
    for ch in body:
        if ch == "|" and not esc:
            cells.append(cur.strip())
            cur = ""
        else:
            cur += ch
        esc = ch == "\\" and not esc
    cells.append(cur.strip())
    return cells


def is_sep(cells):
    return all(c.replace(":", "").replace("-", "") == "" and "-" in c for c in cells)


def fmt_table(rows):
    parsed = [split_row(r) for r in rows]
    n = max(len(r) for r in parsed)
    parsed = [r + [""] * (n - len(r)) for r in parsed]
    sep_idx = 1 if len(parsed) > 1 and is_sep(parsed[1]) else None
    widths = [max(3, *(width(r[i]) for j, r in enumerate(parsed) if j != sep_idx)) for i in range(n)]
    out = []
    for j, r in enumerate(parsed):
        if j == sep_idx:
            cells = []
            for i, c in enumerate(r):
                left, right = c.startswith(":"), c.endswith(":")
                dash = "-" * (widths[i] - left - right)
                cells.append((":" if left else "") + dash + (":" if right else ""))
        else:
            cells = [c + " " * (widths[i] - width(c)) for i, c in enumerate(r)]
        out.append("| " + " | ".join(cells) + " |")
    return out


def fmt_text(text):
    lines, out, buf, fence = text.split("\n"), [], [], False
    for line in lines + [""]:
        if line.strip().startswith("```"):
            fence = not fence
        if not fence and line.strip().startswith("|"):
            buf.append(line)
            continue
        if buf:
            out.extend(fmt_table(buf))
            buf = []
        out.append(line)
    return "\n".join(out[:-1])


def main(argv):
    check = "--check" in argv
    changed = 0
    for f in [a for a in argv if not a.startswith("--")]:
        p = Path(f)
        old = p.read_text(encoding="utf-8")
        new = fmt_text(old)
        if new != old:
            changed += 1
            if not check:
                p.write_text(new, encoding="utf-8")
            print(("would reformat " if check else "reformatted ") + f)
    return 1 if check and changed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
