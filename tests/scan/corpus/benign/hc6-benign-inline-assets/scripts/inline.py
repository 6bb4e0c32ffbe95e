#!/usr/bin/env python3
"""Inline local <img src>, CSS url() and <link rel=stylesheet> as data URIs."""
import argparse, base64, mimetypes, re
from pathlib import Path

def data_uri(path: Path) -> str:
    mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    return f"data:{mime};base64," + base64.b64encode(path.read_bytes()).decode("ascii")

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("html", type=Path)
    ap.add_argument("-o", "--out", type=Path)
    ap.add_argument("--max-kb", type=int, default=200)
    a = ap.parse_args()
    base = a.html.parent
    html = a.html.read_text(encoding="utf-8")
    skipped = []

    def repl(m):
        ref = m.group(2)
        if ref.startswith(("data:", "http:", "https:", "//")):
            return m.group(0)
        p = (base / ref).resolve()
        if not p.is_file() or p.stat().st_size > a.max_kb * 1024:
            skipped.append(ref)
            return m.group(0)
        return f"{m.group(1)}{data_uri(p)}{m.group(3)}"

    html = re.sub(r'(src=["\'])([^"\']+)(["\'])', repl, html)
    html = re.sub(r'(url\(["\']?)([^"\')]+)(["\']?\))', repl, html)

    def css(m):
        p = (base / m.group(1)).resolve()
        return f"<style>\n{p.read_text(encoding='utf-8')}\n</style>" if p.is_file() else m.group(0)
    html = re.sub(r'<link[^>]+rel=["\']stylesheet["\'][^>]+href=["\']([^"\':]+)["\'][^>]*>', css, html)

    out = a.out or a.html.with_suffix(".standalone.html")
    out.write_text(html, encoding="utf-8")
    print(f"wrote {out} ({out.stat().st_size // 1024} KiB)")
    for s in skipped:
        print(f"  not inlined: {s}")

if __name__ == "__main__":
    main()
