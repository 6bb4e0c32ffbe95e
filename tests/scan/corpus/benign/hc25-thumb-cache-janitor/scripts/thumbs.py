#!/usr/bin/env python3
"""Build WebP thumbnails for a folder into the thumbjan cache."""
import argparse
import hashlib
import os

from PIL import Image, ImageOps

EXT = {".jpg", ".jpeg", ".png", ".webp", ".tif", ".tiff", ".heic"}


def cache_dir(src_root):
    base = os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache"))
    h = hashlib.sha1(os.path.abspath(src_root).encode()).hexdigest()[:16]
    d = os.path.join(base, "thumbjan", h)
    os.makedirs(d, exist_ok=True)
    return d


def build(src_root, size):
    out = cache_dir(src_root)
    made = skipped = 0
    for dp, _, files in os.walk(src_root):
        for f in files:
            if os.path.splitext(f)[1].lower() not in EXT:
                continue
            src = os.path.join(dp, f)
            key = hashlib.sha1(os.path.abspath(src).encode()).hexdigest()
            dst = os.path.join(out, key + ".webp")
            if os.path.exists(dst) and os.path.getmtime(dst) >= os.path.getmtime(src):
                skipped += 1
                continue
            try:
                with Image.open(src) as im:
                    im = ImageOps.exif_transpose(im)
                    im.thumbnail((size, size))
                    im.save(dst, "WEBP", quality=80)  # no exif passed => stripped
            except OSError:
                continue
            with open(os.path.join(out, key + ".src"), "w") as m:
                m.write(os.path.abspath(src))
            made += 1
    print(f"{made} thumbnails written, {skipped} up to date, cache {out}")


def sheet(src_root, cols):
    out = cache_dir(src_root)
    thumbs = sorted(p for p in os.listdir(out) if p.endswith(".webp"))
    if not thumbs:
        raise SystemExit("no thumbnails; run build first")
    ims = [Image.open(os.path.join(out, t)) for t in thumbs]
    w = max(i.width for i in ims)
    h = max(i.height for i in ims)
    rows = (len(ims) + cols - 1) // cols
    canvas = Image.new("RGB", (cols * w, rows * h), "white")
    for n, im in enumerate(ims):
        canvas.paste(im, ((n % cols) * w, (n // cols) * h))
    path = os.path.join(os.getcwd(), "contact-sheet.jpg")
    canvas.save(path, quality=85)
    print("wrote", path)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=["build", "sheet"])
    ap.add_argument("src")
    ap.add_argument("--size", type=int, default=320)
    ap.add_argument("--cols", type=int, default=6)
    a = ap.parse_args()
    build(a.src, a.size) if a.cmd == "build" else sheet(a.src, a.cols)
