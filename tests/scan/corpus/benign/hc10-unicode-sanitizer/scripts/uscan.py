#!/usr/bin/env python3
"""Report (and optionally fix) invisible/confusable Unicode in text files."""
import argparse
import json
import os
import re
import sys
import unicodedata
from pathlib import Path

SKIP_DIRS = {".git", "node_modules", ".venv", "dist", "build"}
SKIP_FILES = {"package-lock.json", "pnpm-lock.yaml", "yarn.lock", "poetry.lock", "uv.lock"}
CATS = {
    "zero-width": re.compile("[\u200b\u200c\u2060]|(?<!^)\ufeff|(?<![\U0001F000-\U0001FAFF\u2600-\u27BF])\u200d"),
    "bidi-control": re.compile("[\u202a-\u202e\u2066-\u2069\u200e\u200f]"),
    "tag": re.compile("[\U000E0000-\U000E007F]"),
    "odd-space": re.compile("[\u00a0\u2000-\u200a\u202f\u3000]"),
}
IDENT = re.compile(r"\b\w+\b")


def confusables(line: str):
    for m in IDENT.finditer(line):
        w = m.group()
        scripts = {unicodedata.name(c, "").split(" ")[0] for c in w if c.isalpha()}
        if "LATIN" in scripts and scripts & {"CYRILLIC", "GREEK"}:
            yield m.start(), w


def scan_file(p: Path):
    try:
        text = p.read_text(encoding="utf-8")
    except (UnicodeDecodeError, OSError):
        return []
    hits = []
    for n, line in enumerate(text.splitlines(), 1):
        for cat, rx in CATS.items():
            for m in rx.finditer(line):
                hits.append({"file": str(p), "line": n, "col": m.start() + 1, "cat": cat, "cp": f"U+{ord(m.group()):04X}"})
        for col, w in confusables(line):
            hits.append({"file": str(p), "line": n, "col": col + 1, "cat": "confusable", "cp": w})
    if unicodedata.normalize("NFC", text) != text:
        hits.append({"file": str(p), "line": 0, "col": 0, "cat": "not-NFC", "cp": "-"})
    return hits


def fix_file(p: Path, cats: set) -> int:
    text = p.read_text(encoding="utf-8"); orig = text
    if "zero-width" in cats:
        text = CATS["zero-width"].sub("", text)
    if "tag" in cats:
        text = CATS["tag"].sub("", text)
    if "odd-space" in cats:
        text = CATS["odd-space"].sub(" ", text)
    if "not-NFC" in cats:
        text = unicodedata.normalize("NFC", text)
    if text != orig:
        p.write_text(text, encoding="utf-8")
    return int(text != orig)


def files(root: Path):
    for dp, dns, fns in os.walk(root):
        dns[:] = [d for d in dns if d not in SKIP_DIRS]
        for f in fns:
            if f not in SKIP_FILES:
                yield Path(dp) / f


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("root")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--fix", default="")
    a = ap.parse_args()
    fixable = {c for c in a.fix.split(",") if c} & {"zero-width", "tag", "odd-space", "not-NFC"}
    hits = [h for f in files(Path(a.root)) for h in scan_file(f)]
    if fixable:
        changed = sum(fix_file(Path(f), fixable) for f in sorted({h["file"] for h in hits if h["cat"] in fixable}))
        print(f"fixed {changed} files ({', '.join(sorted(fixable))})")
    elif a.json:
        json.dump(hits, sys.stdout, indent=1)
    else:
        for h in hits:
            print(f"{h['file']}:{h['line']}:{h['col']}  {h['cat']:<13} {h['cp']}")
        print(f"{len(hits)} findings")
    return 0


if __name__ == "__main__":
    sys.exit(main())
