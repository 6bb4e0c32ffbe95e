#!/usr/bin/env python3
"""Group log lines into normalised signatures and print the top N.

Usage: python signatures.py app.log [--top 20]
Reads the file locally; writes nothing.
"""
import argparse
import collections
import re
import sys

PATTERNS = [
    (re.compile(r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b", re.I), "<uuid>"),
    (re.compile(r"\b0x[0-9a-f]+\b", re.I), "<hex>"),
    (re.compile(r"\b[\w.+-]+@[\w-]+\.[\w.]+\b"), "<email>"),
    (re.compile(r"\"[^\"]*\""), "<str>"),
    (re.compile(r"\b\d+(\.\d+)?\b"), "<n>"),
]
LEVEL = re.compile(r"\b(TRACE|DEBUG|INFO|WARN|WARNING|ERROR|FATAL)\b")


def signature(line: str) -> str:
    for rx, repl in PATTERNS:
        line = rx.sub(repl, line)
    return line.strip()[:200]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("path")
    ap.add_argument("--top", type=int, default=20)
    args = ap.parse_args()
    counts = collections.Counter()
    with open(args.path, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            m = LEVEL.search(line)
            if m and m.group(1) in {"WARN", "WARNING", "ERROR", "FATAL"}:
                counts[(m.group(1), signature(line))] += 1
    for (level, sig), n in counts.most_common(args.top):
        print(f"{n:>7}  {level:<7} {sig}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
