#!/usr/bin/env python3
"""Inspect and clean Unicode text while keeping emoji sequences intact."""
import argparse
import pathlib
import re
import sys
import unicodedata

REMOVE = {0x200B, 0x2060, 0x00AD, 0xFEFF}
SPACES = {0x00A0, 0x202F, 0x2007}
BIDI = set(range(0x202A, 0x202F)) | set(range(0x2066, 0x206A))
EMOJI = re.compile(r"[\U0001F000-\U0001FAFF\u2600-\u27BF]")


def in_emoji(text, i):
    before = text[i - 1] if i > 0 else ""
    after = text[i + 1] if i + 1 < len(text) else ""
    return bool(EMOJI.match(before) or before == "\ufe0f") and bool(EMOJI.match(after))


def inspect(path):
    for n, line in enumerate(pathlib.Path(path).read_text(encoding="utf-8").splitlines(), 1):
        for i, ch in enumerate(line):
            if ord(ch) < 128:
                continue
            note = ""
            if ch in "\u200d\ufe0f":
                note = "inside emoji sequence — kept" if in_emoji(line, i) else "stray — removed by clean"
            shown = line.replace("\u200b", "?")
            print(f"line {n:<3} U+{ord(ch):04X} {unicodedata.name(ch, '?')} ({unicodedata.category(ch)}) {note or 'in ' + repr(shown[:40])}")


def clean_text(text, form="NFC", keep_nbsp=False, strip_bidi=False):
    out = []
    for i, ch in enumerate(text):
        cp = ord(ch)
        if cp in REMOVE:
            continue
        if cp in SPACES and not keep_nbsp:
            out.append(" ")
            continue
        if ch in "\u200d\ufe0f" and not in_emoji(text, i):
            continue
        if cp in BIDI and strip_bidi:
            continue
        out.append(ch)
    return unicodedata.normalize(form, "".join(out))


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    i = sub.add_parser("inspect"); i.add_argument("file")
    c = sub.add_parser("clean"); c.add_argument("file"); c.add_argument("-o", "--output", required=True)
    c.add_argument("--form", default="NFC", choices=["NFC", "NFKC", "NFD", "NFKD"])
    c.add_argument("--keep-nbsp", action="store_true"); c.add_argument("--strip-bidi", action="store_true")
    c.add_argument("--in-place", action="store_true")
    a = ap.parse_args()
    if a.cmd == "inspect":
        inspect(a.file)
        return
    src, dst = pathlib.Path(a.file).resolve(), pathlib.Path(a.output).resolve()
    if src == dst and not a.in_place:
        sys.exit("refusing to overwrite the input; pass --in-place")
    dst.write_text(clean_text(src.read_text(encoding="utf-8"), a.form, a.keep_nbsp, a.strip_bidi), encoding="utf-8")
    print(f"wrote {dst}")


if __name__ == "__main__":
    main()
