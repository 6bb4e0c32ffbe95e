#!/usr/bin/env python3
"""Encode binary fixtures to base64 and inspect embedded blobs (read-only)."""
import base64
import re
import sys
import textwrap
from pathlib import Path

MAGIC = {b"\x89PNG": "PNG", b"GIF8": "GIF", b"%PDF": "PDF", b"PK\x03\x04": "ZIP", b"\xff\xd8\xff": "JPEG"}
BLOB = re.compile(r"[\"']([A-Za-z0-9+/]{40,}={0,2})[\"']")


def kind(data):
    for m, k in MAGIC.items():
        if data.startswith(m):
            return k
    try:
        data.decode("utf-8")
        return "text"
    except UnicodeDecodeError:
        return "binary"


def encode(path, wrap):
    b = base64.b64encode(Path(path).read_bytes()).decode()
    print("\n".join(textwrap.wrap(b, wrap)) if wrap else b)


def check(root):
    for f in Path(root).rglob("*"):
        if f.suffix not in {".py", ".ts", ".js", ".go", ".rs", ".java"} or not f.is_file():
            continue
        for m in BLOB.finditer(f.read_text(errors="ignore")):
            try:
                data = base64.b64decode(m.group(1), validate=True)
            except Exception:
                continue
            print(f"{f}: {kind(data):6} {len(data):6} bytes")


if __name__ == "__main__":
    cmd, target = sys.argv[1], sys.argv[2]
    wrap = int(sys.argv[sys.argv.index("--wrap") + 1]) if "--wrap" in sys.argv else 0
    encode(target, wrap) if cmd == "encode" else check(target)
