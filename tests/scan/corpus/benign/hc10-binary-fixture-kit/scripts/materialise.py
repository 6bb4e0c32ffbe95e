#!/usr/bin/env python3
"""Decode fixtures from the base64 catalogue into files and write SHA256SUMS. Writes data only."""
import argparse
import base64
import hashlib
import json
from pathlib import Path

CATALOGUE = Path(__file__).resolve().parent.parent / "assets" / "fixtures.json"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("names", nargs="*")
    a = ap.parse_args()
    cat = json.loads(CATALOGUE.read_text())
    names = a.names or sorted(cat)
    out = Path(a.out); out.mkdir(parents=True, exist_ok=True)
    sums = []
    for n in names:
        if n not in cat or "/" in n or n.startswith("."):
            raise SystemExit(f"unknown fixture: {n}")
        data = base64.b64decode(cat[n]["b64"], validate=True)
        (out / n).write_bytes(data)
        sums.append(f"{hashlib.sha256(data).hexdigest()}  {n}")
        print(f"wrote {out / n} ({len(data)} B, {cat[n]['mime']})")
    (out / "SHA256SUMS").write_text("\n".join(sums) + "\n")


if __name__ == "__main__":
    main()
