#!/usr/bin/env python3
"""Find and strip invisible / deceptive Unicode characters."""
import argparse
import os
import shutil
import sys
import unicodedata

ZERO_WIDTH = {0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF}
BIDI = set(range(0x202A, 0x202F)) | set(range(0x2066, 0x206A))


def classify(cp):
    if 0xE0000 <= cp <= 0xE007F:
        return "tag"
    if cp in ZERO_WIDTH:
        return "zero-width"
    if cp in BIDI:
        return "bidi"
    return None


def scripts_of(word):
    out = set()
    for ch in word:
        if ch.isalpha():
            name = unicodedata.name(ch, "")
            out.add(name.split(" ")[0])
    return out


def scan_text(text, allow=frozenset()):
    findings = []
    for ln, line in enumerate(text.splitlines(), 1):
        hidden = "".join(chr(ord(c) - 0xE0000) for c in line if 0xE0020 <= ord(c) <= 0xE007E)
        if hidden:
            findings.append((ln, 0, "tag", f"decoded hidden text: {hidden!r}"))
        for col, ch in enumerate(line, 1):
            cp = ord(ch)
            kind = classify(cp)
            if kind and kind != "tag" and cp not in allow and not (cp == 0xFEFF and ln == 1 and col == 1):
                findings.append((ln, col, kind, f"U+{cp:04X} {unicodedata.name(ch, '?')}"))
        for word in line.split():
            s = scripts_of(word)
            if "LATIN" in s and (s & {"CYRILLIC", "GREEK"}):
                findings.append((ln, 0, "mixed-script", word))
    return findings


def strip_text(text, allow=frozenset()):
    return "".join(ch for ch in text if not (classify(ord(ch)) and ord(ch) not in allow))


def files(paths):
    for p in paths:
        if os.path.isdir(p):
            for root, dirs, fs in os.walk(p):
                dirs[:] = [d for d in dirs if d not in (".git", "node_modules")]
                for f in fs:
                    yield os.path.join(root, f)
        else:
            yield p


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=["scan", "strip"])
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--allow", default="", help="comma-separated hex code points to keep, e.g. 200C,200F")
    a = ap.parse_args()
    allow = frozenset(int(x, 16) for x in a.allow.split(",") if x)
    rc = 0
    for path in files(a.paths):
        try:
            text = open(path, encoding="utf-8").read()
        except (UnicodeDecodeError, OSError):
            continue
        if a.cmd == "scan":
            for ln, col, kind, detail in scan_text(text, allow):
                print(f"{path}:{ln}:{col}: {kind}: {detail}")
                rc = 1
        else:
            new = strip_text(text, allow)
            if new != text:
                shutil.copy2(path, path + ".orig")
                open(path, "w", encoding="utf-8").write(new)
                print(f"stripped {path}")
    return rc


if __name__ == "__main__":
    sys.exit(main())
