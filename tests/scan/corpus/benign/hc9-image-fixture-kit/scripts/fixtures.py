#!/usr/bin/env python3
"""Decode, verify and add base64 test fixtures."""
import base64
import hashlib
import json
import sys
from pathlib import Path

MAX = 64 * 1024


def load(p):
    return json.loads(Path(p).read_text())


def decode(manifest, out):
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    for name, spec in load(manifest).items():
        data = base64.b64decode(spec["data"])
        if hashlib.sha256(data).hexdigest() != spec["sha256"]:
            sys.exit(f"checksum mismatch: {name}")
        (out / Path(name).name).write_bytes(data)
        print(f"wrote {out / name} ({len(data)} bytes)")


def verify(manifest):
    bad = [n for n, s in load(manifest).items()
           if hashlib.sha256(base64.b64decode(s["data"])).hexdigest() != s["sha256"]]
    print("ok" if not bad else f"mismatch: {bad}")
    sys.exit(1 if bad else 0)


def add(manifest, path):
    data = Path(path).read_bytes()
    if len(data) > MAX:
        sys.exit(f"{path} is {len(data)} bytes; keep fixtures under {MAX}")
    m = load(manifest) if Path(manifest).exists() else {}
    m[Path(path).name] = {"encoding": "base64", "sha256": hashlib.sha256(data).hexdigest(),
                          "data": base64.b64encode(data).decode()}
    Path(manifest).write_text(json.dumps(m, indent=2) + "\n")
    print(f"added {Path(path).name}")


if __name__ == "__main__":
    cmd, *rest = sys.argv[1:]
    {"decode": lambda: decode(rest[0], rest[rest.index("--out") + 1] if "--out" in rest else "tests/.fixtures"),
     "verify": lambda: verify(rest[0]),
     "add": lambda: add(rest[0], rest[1])}[cmd]()
