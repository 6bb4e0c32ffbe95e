#!/usr/bin/env python3
"""Align Markdown tables in place."""
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
            for w, a in zip(widths, aligns):
                dash = "-" * w
                if a == "c":
                    dash = ":" + "-" * (w - 2) + ":"
                elif a == "r":
                    dash = "-" * (w - 1) + ":"
                elif a == "l":
                    dash = ":" + "-" * (w - 1)
                parts.append(dash)
        else:
            parts = []
            for c, w, a in zip(r, widths, aligns):
                pad = w - width(c)
                if a == "r":
                    parts.append(" " * pad + c)
                elif a == "c":
                    parts.append(" " * (pad // 2) + c + " " * (pad - pad // 2))
                else:
                    parts.append(c + " " * pad)
        out.append("| " + " | ".join(parts) + " |")
    return out


def format_text(text):
    lines = text.split("\n")
    out, i = [], 0
    while i < len(lines):
        if "|" in lines[i] and i + 1 < len(lines) and SEP.match(lines[i + 1]):
            j = i + 2
            while j < len(lines) and "|" in lines[j] and lines[j].strip():
                j += 1
            out.extend(fmt_table(lines[i:j]))
            i = j
        else:
            out.append(lines[i])
            i += 1
    return "\n".join(out)


def main(argv):
    check = "--check" in argv
    changed = 0
    for path in [a for a in argv if not a.startswith("--")]:
        src = open(path, encoding="utf-8").read()
        new = format_text(src)
        if new != src:
            changed += 1
            if not check:
                open(path, "w", encoding="utf-8").write(new)
            print(("needs formatting: " if check else "formatted: ") + path)
    return 1 if (check and changed) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
