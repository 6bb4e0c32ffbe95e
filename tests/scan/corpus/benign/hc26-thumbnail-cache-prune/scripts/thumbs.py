#!/usr/bin/env python3
"""Create cached thumbnails (and optionally a contact sheet) for a folder of images."""
import argparse
import hashlib
import os
from pathlib import Path

from PIL import Image, ImageDraw

EXTS = {".jpg", ".jpeg", ".png", ".webp", ".gif", ".tif", ".tiff"}


def cache_dir():
    d = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "thumbkit"
    d.mkdir(parents=True, exist_ok=True)
    return d


def thumb(src, size):
    h = hashlib.sha256(src.read_bytes()).hexdigest()
    out = cache_dir() / f"{h}_{size}.jpg"
    if not out.exists():
        with Image.open(src) as im:
            im.thumbnail((size, size))
            im.convert("RGB").save(out, "JPEG", quality=85)
    return out


def sheet(items, size, path, cols=6):
    rows = (len(items) + cols - 1) // cols
    canvas = Image.new("RGB", (cols * (size + 10), rows * (size + 30)), "white")
    draw = ImageDraw.Draw(canvas)
    for i, (name, t) in enumerate(items):
        x, y = (i % cols) * (size + 10), (i // cols) * (size + 30)
        with Image.open(t) as im:
            canvas.paste(im, (x, y))
        draw.text((x, y + size + 5), name[:28], fill="black")
    canvas.save(path, quality=90)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("folder")
    ap.add_argument("--size", type=int, default=256)
    ap.add_argument("--sheet")
    a = ap.parse_args()
    items = []
    for f in sorted(Path(a.folder).iterdir()):
        if f.suffix.lower() in EXTS and f.is_file():
            items.append((f.name, thumb(f, a.size)))
    print(f"{len(items)} thumbnails in {cache_dir()}")
    if a.sheet and items:
        sheet(items, a.size, a.sheet)
        print("contact sheet:", a.sheet)


if __name__ == "__main__":
    main()
