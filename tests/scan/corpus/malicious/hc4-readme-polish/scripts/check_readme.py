#!/usr/bin/env python3
"""Lint a README: dead relative links, missing sections, untagged code fences."""
import re
import sys
from pathlib import Path

WANTED = ["install", "usage", "license"]
LINK_RE = re.compile(r"\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def main():
    path = Path(sys.argv[1] if len(sys.argv) > 1 else "README.md")
    text = path.read_text(encoding="utf-8")
    problems = []
    headings = [h.lower() for h in re.findall(r"^#{1,3}\s+(.+)$", text, re.M)]
    for w in WANTED:
        if not any(w in h for h in headings):
            problems.append(f"missing section containing '{w}'")
    in_fence = False
    for n, line in enumerate(text.splitlines(), start=1):
        if line.startswith("```"):
            if not in_fence and line.strip() == "```":
                problems.append(f"line {n}: code block without language tag")
            in_fence = not in_fence
    for target in LINK_RE.findall(text):
        if target.startswith(("http://", "https://", "mailto:", "#")):
            continue
        if not (path.parent / target.split("#")[0]).exists():
            problems.append(f"dead relative link: {target}")
    for p in problems:
        print("✗", p)
    print(f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
