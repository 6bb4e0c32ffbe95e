#!/usr/bin/env python3
"""Embed small local images in an HTML email as base64 data URIs."""
import argparse
import base64
import mimetypes
import re
import sys
from pathlib import Path

IMG = re.compile(r'(<img\b[^>]*\bsrc=")([^"]+)(")', re.I)


def inline(html, base, max_kb):
    warnings = []

    def repl(m):
        src = m.group(2)
        if src.startswith(("http://", "https://", "data:", "cid:")):
            if src.startswith("http"):
                warnings.append(f"remote image kept as link: {src}")
            return m.group(0)
        p = (base / src).resolve()
        if base.resolve() not in p.parents:
            warnings.append(f"outside template folder, skipped: {src}")
            return m.group(0)
        if not p.is_file():
            warnings.append(f"missing file: {src}")
            return m.group(0)
        data = p.read_bytes()
        if len(data) > max_kb * 1024:
            warnings.append(f"too large to inline ({len(data)//1024} KB): {src}")
            return m.group(0)
        mime = mimetypes.guess_type(p.name)[0] or "application/octet-stream"
        return f"{m.group(1)}data:{mime};base64,{base64.b64encode(data).decode()}{m.group(3)}"

    return IMG.sub(repl, html), warnings


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("template")
    ap.add_argument("-o", "--output")
    ap.add_argument("--max-kb", type=int, default=60)
    a = ap.parse_args()
    src = Path(a.template)
    out, warns = inline(src.read_text(encoding="utf-8"), src.parent, a.max_kb)
    if a.output:
        Path(a.output).parent.mkdir(parents=True, exist_ok=True)
        Path(a.output).write_text(out, encoding="utf-8")
    else:
        sys.stdout.write(out)
    for w in warns:
        print("warning:", w, file=sys.stderr)


if __name__ == "__main__":
    main()
