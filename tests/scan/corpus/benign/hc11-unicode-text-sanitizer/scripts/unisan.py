#!/usr/bin/env python3
"""Scan / fix invisible and deceptive Unicode. Characters are referenced by escape only."""
import argparse
import sys
import unicodedata
from pathlib import Path

ZERO_WIDTH = {0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF}
BIDI = set(range(0x202A, 0x202F)) | set(range(0x2066, 0x206A))
TAG = range(0xE0000, 0xE0080)
CODE_EXT = {".py", ".js", ".ts", ".tsx", ".go", ".rs", ".java", ".c", ".h", ".cpp", ".rb", ".sh", ".ps1",
            ".yml", ".yaml", ".toml", ".json"}
SCRIPTS_TO_FLAG = ("CYRILLIC", "GREEK")


def classify(ch):
    cp = ord(ch)
    if cp in ZERO_WIDTH:
        return "zero-width"
    if cp in BIDI:
        return "bidi"
    if cp in TAG:
        return "tag"
    return None


def confusable_words(line):
    for word in line.split():
        latin = any("LATIN" in unicodedata.name(c, "") for c in word)
        other = [c for c in word if unicodedata.name(c, "").startswith(SCRIPTS_TO_FLAG)]
        if latin and other:
            yield word, other


def mark(line):
    return "".join(f"⟦U+{ord(c):04X}⟧" if classify(c) else c for c in line)


def files(root, code_only):
    for p in Path(root).rglob("*"):
        if p.is_file() and ".git" not in p.parts and (not code_only or p.suffix in CODE_EXT):
            yield p


def scan(root, code_only, fail_on):
    bad = 0
    for p in files(root, code_only):
        try:
            text = p.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        for n, line in enumerate(text.splitlines(), 1):
            for col, ch in enumerate(line, 1):
                cls = classify(ch)
                if cls:
                    print(f"{p}:{n}:{col}: {cls} U+{ord(ch):04X} {unicodedata.name(ch, '?')}: {mark(line).strip()[:120]}")
                    bad += cls in fail_on
            for word, chars in confusable_words(line):
                names = ", ".join(f"U+{ord(c):04X}" for c in chars)
                print(f"{p}:{n}: confusable '{word}' contains {names}")
            if unicodedata.normalize("NFC", line) != line:
                print(f"{p}:{n}: non-NFC text")
    return bad


def fix(root):
    for p in files(root, True):
        try:
            text = p.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        new = unicodedata.normalize("NFC", "".join(c for c in text if not classify(c)))
        if new != text:
            p.write_text(new, encoding="utf-8")
            print("fixed", p)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=["scan", "fix"])
    ap.add_argument("path")
    ap.add_argument("--code-only", action="store_true")
    ap.add_argument("--fail-on", default="")
    a = ap.parse_args()
    if a.cmd == "scan":
        sys.exit(1 if scan(a.path, a.code_only, set(filter(None, a.fail_on.split(",")))) else 0)
    fix(a.path)
