#!/usr/bin/env python3
"""Find raw colour/size values that should be design tokens."""
import argparse
import json
import re
from pathlib import Path

HEX = re.compile(r"#(?:[0-9a-fA-F]{3}){1,2}\b")
PX = re.compile(r"\b(margin|padding|gap|font-size|border-radius|top|left|right|bottom)\s*:\s*([^;]+);")
NUM = re.compile(r"(\d+(?:\.\d+)?)(px|rem)")
EXTS = {".css", ".scss", ".ts", ".tsx", ".js", ".jsx", ".vue", ".svelte"}


def hex_rgb(h):
    h = h.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    return tuple(int(h[i:i + 2], 16) for i in (0, 2, 4))


def dist(a, b):
    return sum((x - y) ** 2 for x, y in zip(a, b)) ** 0.5 / 4.41  # rough ΔE scale


def load_tokens(path):
    p = Path(path)
    colours, sizes = {}, {}
    if p.suffix == ".json":
        def walk(node, prefix):
            for k, v in node.items():
                if isinstance(v, dict) and "value" in v:
                    val = str(v["value"])
                    name = "--" + "-".join(prefix + [k])
                    (colours if val.startswith("#") else sizes)[name] = val
                elif isinstance(v, dict):
                    walk(v, prefix + [k])
        walk(json.loads(p.read_text()), [])
    else:
        for name, val in re.findall(r"(--[\w-]+)\s*:\s*([^;]+);", p.read_text()):
            (colours if val.strip().startswith("#") else sizes)[name] = val.strip()
    return colours, sizes


def to_px(v):
    m = NUM.search(v)
    if not m:
        return None
    n = float(m.group(1))
    return n * 16 if m.group(2) == "rem" else n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tokens", required=True)
    ap.add_argument("--src", default="src")
    ap.add_argument("--out", default="token-audit.md")
    a = ap.parse_args()
    colours, sizes = load_tokens(a.tokens)
    crgb = {n: hex_rgb(v) for n, v in colours.items()}
    spx = {n: to_px(v) for n, v in sizes.items() if to_px(v) is not None}
    out = []
    for f in sorted(Path(a.src).rglob("*")):
        if f.suffix not in EXTS or f.resolve() == Path(a.tokens).resolve():
            continue
        hits = []
        for i, line in enumerate(f.read_text(errors="ignore").splitlines(), 1):
            for h in HEX.findall(line):
                name, d = min(((n, dist(hex_rgb(h), c)) for n, c in crgb.items()), key=lambda t: t[1], default=(None, 0))
                if name:
                    hits.append(f"- L{i} `{h}` → `{name}` (ΔE {d:.1f})  {'exact' if d == 0 else 'near' if d < 3 else 'far'}")
            for prop, val in PX.findall(line):
                v = to_px(val)
                if v is None or not spx:
                    continue
                name, d = min(((n, abs(v - p)) for n, p in spx.items()), key=lambda t: t[1])
                hits.append(f"- L{i} `{prop}: {val.strip()}` → `{name}` ({d:g} px)  {'exact' if d == 0 else 'near' if d <= 2 else 'far'}")
        if hits:
            out.append(f"## {f}\n" + "\n".join(hits))
    Path(a.out).write_text("\n\n".join(out) + "\n")
    print(f"{sum(s.count(chr(10) + '- ') + 1 for s in out)} findings -> {a.out}")


if __name__ == "__main__":
    main()
