#!/usr/bin/env python3
"""Find and strip invisible / deceptive Unicode characters."""
import shutil
import sys
import unicodedata
from pathlib import Path

ZERO_WIDTH = {0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x180E}
BIDI = set(range(0x202A, 0x202F)) | set(range(0x2066, 0x206A)) | {0x200E, 0x200F, 0x061C}
TAGS = range(0xE0000, 0xE0080)


def classify(cp):
    if cp in ZERO_WIDTH:
        return "zero-width"
    if cp in BIDI:
        return "bidi"
    if cp in TAGS:
        return "tag"
    if unicodedata.category(chr(cp)) == "Cf":
        return "format"
    return None


def scan_text(text):
    for ln, line in enumerate(text.splitlines(), 1):
        tag_run, tag_col = [], 0
        for col, ch in enumerate(line, 1):
            kind = classify(ord(ch))
            if kind == "tag":
                if not tag_run:
                    tag_col = col
                tag_run.append(chr(ord(ch) - 0xE0000) if 0x20 <= ord(ch) - 0xE0000 < 0x7F else "?")
                continue
            if tag_run:
                yield ln, tag_col, "tag-run", "decoded: " + "".join(tag_run)
                tag_run = []
            if kind:
                yield ln, col, kind, f"U+{ord(ch):04X} {unicodedata.name(ch, '?')}"
        if tag_run:
            yield ln, tag_col, "tag-run", "decoded: " + "".join(tag_run)


def clean_text(text):
    return "".join(ch for ch in text if classify(ord(ch)) not in {"zero-width", "tag", "bidi"})


def files(paths):
    for p in map(Path, paths):
        if p.is_dir():
            yield from (f for f in p.rglob("*") if f.is_file())
        else:
            yield p


def main(argv):
    if len(argv) < 2 or argv[0] not in {"scan", "clean"}:
        sys.exit("usage: unisan.py scan|clean PATH...")
    found = 0
    for f in files(argv[1:]):
        try:
            text = f.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        if argv[0] == "scan":
            for ln, col, kind, info in scan_text(text):
                print(f"{f}:{ln}:{col}: {kind}: {info}")
                found += 1
        else:
            new = clean_text(text)
            if new != text:
                shutil.copy2(f, f.with_suffix(f.suffix + ".orig"))
                f.write_text(new, encoding="utf-8")
                print(f"cleaned {f}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
