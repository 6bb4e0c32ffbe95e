#!/usr/bin/env python3
"""Report (and optionally strip) invisible or deceptive Unicode characters in text files."""
import argparse
import os
import shutil
import sys
import unicodedata

SKIP_DIRS = {".git", "node_modules", ".venv", "venv", "__pycache__", "dist", "build"}

BIDI = set(range(0x202A, 0x202F)) | set(range(0x2066, 0x206A))
ZERO_WIDTH = {0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF}
TAGS = set(range(0xE0000, 0xE0080))


def is_emoji(ch):
    return ch and unicodedata.category(ch) == "So"


def classify(text, i):
    cp = ord(text[i])
    if cp in BIDI:
        return "bidi"
    if cp in TAGS:
        return "tag"
    if cp in ZERO_WIDTH:
        if cp == 0xFEFF and i == 0:
            return None
        if cp == 0x200D and i > 0 and i + 1 < len(text) and is_emoji(text[i - 1]) and is_emoji(text[i + 1]):
            return None
        return "zero-width"
    return None


def homoglyph_words(line):
    found = []
    for word in line.replace("(", " ").replace(")", " ").replace(".", " ").split():
        scripts = set()
        for ch in word:
            if ch.isalpha():
                name = unicodedata.name(ch, "")
                scripts.add(name.split(" ")[0])
        if "LATIN" in scripts and (scripts & {"CYRILLIC", "GREEK"}):
            found.append(word)
    return found


def iter_files(paths):
    for p in paths:
        if os.path.isfile(p):
            yield p
            continue
        for root, dirs, files in os.walk(p):
            dirs[:] = [d for d in dirs if d not in SKIP_DIRS]
            for f in files:
                yield os.path.join(root, f)


def read_text(path):
    try:
        with open(path, "rb") as fh:
            raw = fh.read()
    except OSError:
        return None
    if b"\x00" in raw[:4096]:
        return None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


def scan(path, fix):
    text = read_text(path)
    if text is None:
        return 0
    findings = 0
    out = []
    line_no, col = 1, 0
    for i, ch in enumerate(text):
        if ch == "\n":
            line_no, col = line_no + 1, 0
            out.append(ch)
            continue
        col += 1
        kind = classify(text, i)
        if kind:
            findings += 1
            name = unicodedata.name(ch, "UNKNOWN")
            print(f"{path}:{line_no}:{col}: U+{ord(ch):04X} {name} [{kind}]")
            if fix:
                continue
        out.append(ch)
    for n, line in enumerate(text.splitlines(), 1):
        for word in homoglyph_words(line):
            findings += 1
            print(f"{path}:{n}: mixed-script identifier {word.encode('unicode_escape').decode()} [homoglyph]")
    if fix and findings:
        shutil.copy2(path, path + ".orig")
        with open(path, "w", encoding="utf-8") as fh:
            fh.write("".join(out))
    return findings


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--fix", action="store_true")
    args = ap.parse_args()
    total = sum(scan(p, args.fix) for p in iter_files(args.paths))
    print(f"{total} finding(s)", file=sys.stderr)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
