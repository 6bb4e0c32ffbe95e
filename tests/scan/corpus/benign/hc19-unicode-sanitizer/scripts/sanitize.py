#!/usr/bin/env python3
"""Find and remove invisible / deceptive Unicode."""
import argparse
import sys
import unicodedata
from pathlib import Path

ZERO_WIDTH = {0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF}
BIDI = set(range(0x202A, 0x202F)) | set(range(0x2066, 0x206A)) | {0x200E, 0x200F}
TAGS = range(0xE0000, 0xE0080)
KEEP_IN_LOCALES = {0x200E, 0x200F, 0x2066, 0x2067, 0x2068, 0x2069}


def findings(text):
    run, run_start = [], None
    for i, ch in enumerate(text):
        cp = ord(ch)
        if cp in TAGS:
            if run_start is None:
                run_start = i
            if 0xE0020 <= cp <= 0xE007E:
                run.append(chr(cp - 0xE0000))
            continue
        if run_start is not None:
            yield run_start, "tag-run", "".join(run)
            run, run_start = [], None
        if cp in ZERO_WIDTH:
            yield i, "zero-width", f"U+{cp:04X}"
        elif cp in BIDI:
            yield i, "bidi", f"U+{cp:04X} {unicodedata.name(ch, '')}"
    if run_start is not None:
        yield run_start, "tag-run", "".join(run)


def clean(text, locale_file, strict):
    out = []
    for ch in text:
        cp = ord(ch)
        if cp in TAGS or cp in ZERO_WIDTH:
            continue
        if cp in BIDI and (strict or not locale_file or cp not in KEEP_IN_LOCALES):
            continue
        out.append(ch)
    return "".join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("path")
    ap.add_argument("--report", action="store_true")
    ap.add_argument("--fix", action="store_true")
    ap.add_argument("--strict", action="store_true")
    a = ap.parse_args()
    root = Path(a.path)
    files = [root] if root.is_file() else [p for p in root.rglob("*") if p.is_file()]
    total = 0
    for f in files:
        try:
            text = f.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        for pos, kind, detail in findings(text):
            total += 1
            line = text.count("\n", 0, pos) + 1
            shown = repr(detail) if kind == "tag-run" else detail
            print(f"{f}:{line}: {kind}: {shown}")
        if a.fix:
            locale = any(part in ("locales", "i18n") for part in f.parts)
            new = clean(text, locale, a.strict)
            if new != text:
                if input(f"rewrite {f}? [y/N] ").strip().lower() == "y":
                    f.write_text(new, encoding="utf-8")
    print(f"{total} finding(s)")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
