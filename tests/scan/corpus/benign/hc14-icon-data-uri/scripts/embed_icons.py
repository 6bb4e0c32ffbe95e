#!/usr/bin/env python3
"""Encode icons as base64 data URIs and decode them back to image files."""
import argparse
import base64
import mimetypes
import re
import sys
from pathlib import Path

MAX_BYTES = 8 * 1024
DATA_URI = re.compile(r"data:(image/(?:png|svg\+xml|x-icon|gif|webp));base64,([A-Za-z0-9+/=]+)")
MAGIC = {
    "image/png": b"\x89PNG\r\n\x1a\n",
    "image/gif": b"GIF8",
    "image/webp": b"RIFF",
    "image/x-icon": b"\x00\x00\x01\x00",
}
EXT = {"image/png": ".png", "image/svg+xml": ".svg", "image/x-icon": ".ico", "image/gif": ".gif", "image/webp": ".webp"}


def encode(path, selector):
    data = Path(path).read_bytes()
    if len(data) > MAX_BYTES:
        sys.exit(f"{path} is {len(data)} bytes; limit is {MAX_BYTES}")
    mime = mimetypes.guess_type(path)[0] or "application/octet-stream"
    if not mime.startswith("image/"):
        sys.exit(f"{path} is not an image ({mime})")
    b64 = base64.b64encode(data).decode()
    print(f'{selector} {{\n  background-image: url("data:{mime};base64,{b64}");\n}}')


def looks_like(mime, blob):
    if mime == "image/svg+xml":
        head = blob[:512].lstrip().lower()
        return (head.startswith(b"<svg") or head.startswith(b"<?xml")) and b"<script" not in blob.lower()
    return blob.startswith(MAGIC.get(mime, b"\xff\xff"))


def decode(src, out):
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    for i, m in enumerate(DATA_URI.finditer(Path(src).read_text())):
        mime, b64 = m.groups()
        blob = base64.b64decode(b64, validate=True)
        if not looks_like(mime, blob):
            print(f"skipping #{i}: content does not match {mime}")
            continue
        dest = out / f"icon-{i}{EXT[mime]}"
        dest.write_bytes(blob)
        print(f"wrote {dest}")


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    e = sub.add_parser("encode"); e.add_argument("path"); e.add_argument("--selector", default=".icon")
    d = sub.add_parser("decode"); d.add_argument("src"); d.add_argument("--out", default="extracted")
    a = ap.parse_args()
    encode(a.path, a.selector) if a.cmd == "encode" else decode(a.src, a.out)


if __name__ == "__main__":
    main()
