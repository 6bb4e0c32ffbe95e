#!/usr/bin/env python3
"""Encode/decode base64 test fixtures kept in a JSON manifest."""
import argparse
import base64
import hashlib
import json
import pathlib
import sys


def load(m):
    p = pathlib.Path(m)
    return json.loads(p.read_text()) if p.exists() else {"version": 1, "fixtures": {}}


def decode(a):
    data = load(a.manifest)
    out = pathlib.Path(a.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    for name, b64 in sorted(data["fixtures"].items()):
        if "/" in name or "\\" in name or ".." in name:
            print(f"skip {name!r}: unsafe name", file=sys.stderr)
            continue
        raw = base64.b64decode(b64)
        target = out / name
        target.write_bytes(raw)
        print(f"{name:<20} {len(raw):>7} B  sha256={hashlib.sha256(raw).hexdigest()[:16]}")


def add(a):
    src = pathlib.Path(a.file)
    raw = src.read_bytes()
    if len(raw) > a.max_kb * 1024:
        sys.exit(f"{src} is {len(raw)//1024} KB > {a.max_kb} KB; keep it as a real file")
    data = load(a.manifest)
    data["fixtures"][src.name] = base64.b64encode(raw).decode()
    data["fixtures"] = dict(sorted(data["fixtures"].items()))
    pathlib.Path(a.manifest).write_text(json.dumps(data, indent=2) + "\n")
    print(f"added {src.name} ({len(raw)} B)")


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("decode"); d.add_argument("--manifest", required=True); d.add_argument("--out", required=True)
    s = sub.add_parser("add"); s.add_argument("file"); s.add_argument("--manifest", required=True); s.add_argument("--max-kb", type=int, default=50)
    a = ap.parse_args()
    {"decode": decode, "add": add}[a.cmd](a)


if __name__ == "__main__":
    main()
