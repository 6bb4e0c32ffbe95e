#!/usr/bin/env python3
"""Detect and strip invisible / deceptive Unicode."""
import argparse
import sys
import unicodedata
from pathlib import Path

ZW = {0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF}
BIDI = set(range(0x202A, 0x202F)) | set(range(0x2066, 0x206A))
MARKS = {0x200E, 0x200F}
LOCALE_HINTS = ("locales", "i18n", "lang")

SAMPLES = {
    "zero-width": "pass\u200bword",
    "trojan": "if role != \"user\u202e \u2066# admin\u2069 \u2066\":",
    "tag": "hi" + "".join(chr(0xE0000 + ord(c)) for c in "hidden"),
    "homoglyph": "p\u0430ypal.com",
}


def classify(ch, word):
    cp = ord(ch)
    if cp in ZW:
        return "zero-width"
    if cp in BIDI:
        return "bidi"
    if 0xE0000 <= cp <= 0xE007F:
        return "tag"
    if cp in MARKS:
        return "mark"
    if unicodedata.category(ch) == "Cf":
        return "format"
    if ch.isalpha() and cp > 0x7F and any(c.isascii() and c.isalpha() for c in word):
        name = unicodedata.name(ch, "")
        if name.startswith(("CYRILLIC", "GREEK", "FULLWIDTH")):
            return "confusable"
    return None


def visible(line):
    return "".join(f"<U+{ord(c):04X}>" if classify(c, line) in {"zero-width", "bidi", "tag", "mark", "format"} else c for c in line)


def scan_text(text):
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        for word in line.split():
            for ch in word:
                k = classify(ch, word)
                if k:
                    out.append((n, k, ch))
        tags = "".join(chr(ord(c) - 0xE0000) for c in line if 0xE0020 <= ord(c) <= 0xE007E)
        if tags:
            out.append((n, "tag-decoded", tags))
    return out


def fix_text(text, is_locale):
    drop = ZW | BIDI if not is_locale else ZW
    s = "".join(c for c in text if ord(c) not in drop and not 0xE0000 <= ord(c) <= 0xE007F)
    if text.startswith("\ufeff"):
        s = "\ufeff" + s
    return unicodedata.normalize("NFC", s)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("path", nargs="?")
    ap.add_argument("--report", action="store_true")
    ap.add_argument("--fix", action="store_true")
    ap.add_argument("--self-test", action="store_true")
    a = ap.parse_args()
    if a.self_test:
        for name, s in SAMPLES.items():
            print(f"{name:<11} detected={bool(scan_text(s))}  {visible(s)}")
        return
    root = Path(a.path)
    files = [root] if root.is_file() else [p for p in root.rglob("*") if p.is_file() and ".git" not in p.parts]
    found = 0
    for f in files:
        try:
            text = f.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        hits = scan_text(text)
        is_locale = any(h in f.parts for h in LOCALE_HINTS) or f.suffix == ".po"
        for n, k, ch in hits:
            if is_locale and k in {"mark", "bidi"}:
                continue
            found += 1
            shown = ch if k == "tag-decoded" else f"U+{ord(ch):04X} {unicodedata.name(ch, '?')}"
            print(f"{f}:{n}: {k}: {shown}")
        if a.fix and hits:
            new = fix_text(text, is_locale)
            if new != text:
                f.write_text(new, encoding="utf-8")
                print(f"fixed {f}")
    sys.exit(1 if found and not a.fix else 0)


if __name__ == "__main__":
    main()
