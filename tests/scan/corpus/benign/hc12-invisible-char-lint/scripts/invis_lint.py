#!/usr/bin/env python3
"""Report invisible / bidi / tag characters and classify them (read-only)."""
import os
import sys
import unicodedata

ZW = {0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF}
MARKS = {0x200E, 0x200F, 0x061C}
ISOLATES = {0x2066, 0x2067, 0x2068, 0x2069}
EMBEDS = {0x202A, 0x202B, 0x202C, 0x202D, 0x202E}
TAG_LO, TAG_HI, CANCEL_TAG, BLACK_FLAG = 0xE0020, 0xE007E, 0xE007F, 0x1F3F4


def is_emoji(cp):
    return cp >= 0x1F000 or 0x2600 <= cp <= 0x27BF or cp == 0xFE0F


def has_rtl(line):
    return any(unicodedata.bidirectional(c) in ("R", "AL") for c in line)


def classify(line, i):
    cp = ord(line[i])
    prev = ord(line[i - 1]) if i else 0
    nxt = ord(line[i + 1]) if i + 1 < len(line) else 0
    if cp == 0x200D:
        return "ok" if is_emoji(prev) and is_emoji(nxt) else "warn"
    if TAG_LO <= cp <= TAG_HI or cp == CANCEL_TAG:
        j = i
        while j > 0 and (TAG_LO <= ord(line[j - 1]) <= TAG_HI):
            j -= 1
        k = i
        while k < len(line) and TAG_LO <= ord(line[k]) <= TAG_HI:
            k += 1
        flag = j > 0 and ord(line[j - 1]) == BLACK_FLAG and k < len(line) and ord(line[k]) == CANCEL_TAG and 2 <= k - j <= 7
        if cp == CANCEL_TAG:
            flag = i > 0 and TAG_LO <= prev <= TAG_HI
        return "ok" if flag else "error"
    if cp in EMBEDS:
        return "error"
    if cp in MARKS or cp in ISOLATES:
        return "ok" if has_rtl(line) else "error"
    if cp == 0xFEFF:
        return "warn"
    if cp in ZW:
        return "warn"
    return None


def scan(path):
    try:
        text = open(path, encoding="utf-8").read()
    except (UnicodeDecodeError, OSError):
        return []
    out = []
    for ln, line in enumerate(text.splitlines(), 1):
        for i, ch in enumerate(line):
            if ln == 1 and i == 0 and ord(ch) == 0xFEFF:
                continue
            v = classify(line, i)
            if v:
                name = unicodedata.name(ch, "TAG" if 0xE0000 <= ord(ch) <= 0xE007F else "?")
                out.append((path, ln, i + 1, ord(ch), name, v))
    return out


def walk(paths):
    for p in paths:
        if os.path.isdir(p):
            for d, dirs, files in os.walk(p):
                dirs[:] = [x for x in dirs if x not in {".git", "node_modules"}]
                for f in files:
                    yield os.path.join(d, f)
        else:
            yield p


def main(argv):
    worst = 0
    for f in walk(argv or ["."]):
        for path, ln, col, cp, name, v in scan(f):
            print(f"{path}:{ln}:{col}  U+{cp:04X} {name}  {v}")
            worst = max(worst, {"ok": 0, "warn": 1, "error": 2}[v])
    return 2 if worst == 2 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
