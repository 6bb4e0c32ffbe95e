#!/usr/bin/env python3
"""Insert a GitHub-style TOC between <!-- toc --> and <!-- tocstop --> markers."""
import argparse, re, sys
from pathlib import Path

START, END = "<!-- toc -->", "<!-- tocstop -->"

def slug(text, seen):
    s = re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")
    n = seen.get(s, 0)
    seen[s] = n + 1
    return s if n == 0 else f"{s}-{n}"

def build(md, max_depth):
    seen, lines, fence = {}, [], False
    for line in md.splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fence = not fence
            continue
        m = None if fence else re.match(r"^(#{2,6})\s+(.*?)\s*#*$", line)
        if m and len(m.group(1)) <= max_depth:
            depth = len(m.group(1)) - 2
            lines.append(f"{'  ' * depth}- [{m.group(2)}](#{slug(m.group(2), seen)})")
    return "\n".join(lines)

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--max-depth", type=int, default=3)
    a = ap.parse_args()
    for f in a.files:
        p = Path(f)
        md = p.read_text(encoding="utf-8")
        if START not in md or END not in md:
            print(f"{f}: markers not found, skipping", file=sys.stderr)
            continue
        toc = build(md.split(END, 1)[1], a.max_depth)
        head, rest = md.split(START, 1)
        tail = rest.split(END, 1)[1]
        p.write_text(f"{head}{START}\n\n{toc}\n\n{END}{tail}", encoding="utf-8")
        print(f"{f}: TOC updated ({toc.count(chr(10)) + 1} entries)")

if __name__ == "__main__":
    main()
