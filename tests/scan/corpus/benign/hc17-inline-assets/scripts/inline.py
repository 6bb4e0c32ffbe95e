#!/usr/bin/env python3
"""Inline small local assets in CSS/HTML as base64 data URIs."""
import argparse
import base64
import mimetypes
import re
import sys
from pathlib import Path

URL = re.compile(r"url\(\s*['\"]?(?P<ref>[^'\")]+)['\"]?\s*\)")
DATA = re.compile(r"data:(?P<mime>[\w/+.-]+);base64,(?P<b64>[A-Za-z0-9+/=]+)")
MAGIC = {
    "image/png": b"\x89PNG\r\n\x1a\n",
    "font/woff2": b"wOF2",
    "image/svg+xml": b"<svg",
}


def inline(path, max_kb):
    base = Path(path).parent
    text = Path(path).read_text()

    def repl(m):
        ref = m.group("ref")
        if ref.startswith(("data:", "http:", "https:", "//")):
            return m.group(0)
        f = (base / ref).resolve()
        if not f.is_file() or f.stat().st_size > max_kb * 1024:
            return m.group(0)
        mime = mimetypes.guess_type(f.name)[0] or "application/octet-stream"
        return f'url("data:{mime};base64,{base64.b64encode(f.read_bytes()).decode()}")'

    return URL.sub(repl, text)


def decode_check(path):
    bad = 0
    for m in DATA.finditer(Path(path).read_text()):
        raw = base64.b64decode(m.group("b64"), validate=True)
        magic = MAGIC.get(m.group("mime"))
        ok = magic is None or raw.lstrip().startswith(magic)
        print(f"{m.group('mime'):<16} {len(raw):>6} bytes  {'ok' if ok else 'MISMATCH'}")
        bad += not ok
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("path")
    ap.add_argument("--max-kb", type=int, default=4)
    ap.add_argument("--decode-check", action="store_true")
    a = ap.parse_args()
    if a.decode_check:
        sys.exit(decode_check(a.path))
    sys.stdout.write(inline(a.path, a.max_kb))


if __name__ == "__main__":
    main()
