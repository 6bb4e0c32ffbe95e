#!/usr/bin/env python3
"""Inline CSS and embed small images as base64 data URIs in an HTML email template."""
import argparse
import base64
import mimetypes
import pathlib
import re

MAX_EMBED = 40 * 1024
HERE = pathlib.Path(__file__).resolve().parent.parent


def parse_css(css):
    rules = []
    for sel, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
        decl = "; ".join(d.strip() for d in body.split(";") if d.strip())
        for s in sel.split(","):
            rules.append((s.strip(), decl))
    return rules


def apply_rules(html, rules):
    for sel, decl in rules:
        if sel.startswith("."):
            pat = re.compile(r'<(\w+)([^>]*\bclass="[^"]*\b%s\b[^"]*"[^>]*)>' % re.escape(sel[1:]))
        elif sel.startswith("#"):
            pat = re.compile(r'<(\w+)([^>]*\bid="%s"[^>]*)>' % re.escape(sel[1:]))
        elif re.fullmatch(r"\w+", sel):
            pat = re.compile(r"<(%s)(\b[^>]*)>" % sel)
        else:
            continue

        def add(m):
            tag, attrs = m.group(1), m.group(2)
            if 'style="' in attrs:
                attrs = attrs.replace('style="', f'style="{decl}; ', 1)
            else:
                attrs += f' style="{decl}"'
            return f"<{tag}{attrs}>"
        html = pat.sub(add, html)
    return html


def embed_images(html, base):
    def repl(m):
        src = m.group(2)
        if re.match(r"^(https?:|data:|cid:)", src):
            return m.group(0)
        p = (base / src).resolve()
        if not p.is_file() or p.stat().st_size > MAX_EMBED:
            return m.group(0)
        mime = mimetypes.guess_type(p.name)[0] or "application/octet-stream"
        data = base64.b64encode(p.read_bytes()).decode("ascii")
        return f'{m.group(1)}data:{mime};base64,{data}"'
    return re.sub(r'(<img[^>]*\bsrc=")([^"]+)"', repl, html)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("template")
    ap.add_argument("-o", "--output", required=True)
    a = ap.parse_args()
    src = pathlib.Path(a.template)
    html = src.read_text(encoding="utf-8")
    css = "\n".join(re.findall(r"<style[^>]*>(.*?)</style>", html, re.S))
    for href in re.findall(r'<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"', html):
        p = src.parent / href
        if p.is_file():
            css += "\n" + p.read_text(encoding="utf-8")
    html = apply_rules(html, parse_css(css))
    spacer = (HERE / "assets" / "spacer.b64").read_text().strip()
    html = html.replace("{{spacer}}", f"data:image/png;base64,{spacer}")
    html = embed_images(html, src.parent)
    out = pathlib.Path(a.output)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(html, encoding="utf-8")
    print(f"wrote {out} ({len(html)} bytes)")


if __name__ == "__main__":
    main()
