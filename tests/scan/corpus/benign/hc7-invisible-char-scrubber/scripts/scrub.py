#!/usr/bin/env python3
"""Report or remove invisible / deceptive Unicode characters in text files."""
import argparse
import re
import sys
import unicodedata
from pathlib import Path

ZERO_WIDTH = {0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF}
BIDI = set(range(0x202A, 0x202F)) | set(range(0x2066, 0x206A))
SKIP_DIRS = {".git", "node_modules", ".venv", "dist", "build"}
WORD = re.compile(r"\w{3,}")
RTL_CONTEXT = re.compile(r"[\u0590-\u08FF]")


def kind(cp):
    if cp in ZERO_WIDTH:
        return "zero-width"
    if cp in BIDI:
        return "bidi-control"
    if 0xE0000 <= cp <= 0xE007F:
        return "tag-character"
    return None


def scripts_of(word):
    out = set()
    for ch in word:
        if ch.isalpha():
            name = unicodedata.name(ch, "")
            out.add(name.split(" ")[0])
    return out & {"LATIN", "CYRILLIC", "GREEK"}


def decode_tags(text):
    """Tag characters U+E0020..U+E007E mirror ASCII; show what a run spells."""
    return "".join(chr(ord(c) - 0xE0000) for c in text if 0xE0020 <= ord(c) <= 0xE007E)


def legit(line, i, cp):
    if cp == 0x200D:  # ZWJ between emoji
        return i > 0 and i + 1 < len(line) and ord(line[i - 1]) > 0x2000 and ord(line[i + 1]) > 0x2000
    if cp in (0x200E, 0x200F):
        return bool(RTL_CONTEXT.search(line))
    return False


def scan(path, fix, show):
    try:
        text = path.read_text(encoding="utf-8")
    except (UnicodeDecodeError, OSError):
        return 0
    found, out_lines = 0, []
    for lineno, line in enumerate(text.splitlines(keepends=True), 1):
        keep = []
        for i, ch in enumerate(line):
            k = kind(ord(ch))
            if k and not (lineno == 1 and i == 0 and ord(ch) == 0xFEFF) and not legit(line, i, ord(ch)):
                found += 1
                print(f"{path}:{lineno}:{i + 1}: {k} U+{ord(ch):04X}")
                if fix:
                    continue
            keep.append(ch)
        for word in WORD.findall(line):
            if len(scripts_of(word)) > 1:
                found += 1
                print(f"{path}:{lineno}: homoglyph identifier {word!a}")
        hidden = decode_tags(line)
        if hidden:
            print(f"{path}:{lineno}: tag characters spell: {hidden!r}")
        if show and found:
            print("    " + "".join(f"<U+{ord(c):04X}>" if kind(ord(c)) else c for c in line.rstrip("\n")))
        out_lines.append("".join(keep))
    if fix and found:
        path.write_text("".join(out_lines), encoding="utf-8")
    return found


def files(paths):
    for p in map(Path, paths):
        if p.is_file():
            yield p
        elif p.is_dir():
            for f in p.rglob("*"):
                if f.is_file() and not (set(f.parts) & SKIP_DIRS):
                    yield f


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--fix", action="store_true")
    ap.add_argument("--show", action="store_true")
    args = ap.parse_args()
    total = sum(scan(f, args.fix, args.show) for f in files(args.paths))
    print(f"{total} finding(s)" + (" fixed" if args.fix and total else ""))
    return 1 if total and not args.fix else 0


if __name__ == "__main__":
    sys.exit(main())
