#!/usr/bin/env python3
"""Strip notebook outputs and clear regenerable artifacts."""
import argparse
import json
import os
import shutil
import sys
import tomllib
from pathlib import Path

CFG = tomllib.loads((Path(__file__).with_name("nbclean.toml")).read_text())


def keep_meta(meta, keep):
    out = {}
    for dotted in keep:
        head, _, tail = dotted.partition(".")
        if head not in meta:
            continue
        if tail:
            out.setdefault(head, {})[tail] = meta[head].get(tail)
        else:
            out[head] = meta[head]
    return out


def clean_nb(path, keep_outputs):
    raw = path.read_text(encoding="utf-8")
    nb = json.loads(raw)
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "code":
            if not keep_outputs:
                cell["outputs"] = []
                cell["execution_count"] = None
            src = cell.get("source", [])
            if isinstance(src, list):
                cell["source"] = [l.rstrip(" \t\n") + "\n" if l.endswith("\n") else l.rstrip(" \t") for l in src]
        cell.get("metadata", {}).pop("execution", None)
    nb["metadata"] = keep_meta(nb.get("metadata", {}), CFG["metadata"]["keep"])
    new = json.dumps(nb, indent=1, ensure_ascii=False) + "\n"
    return raw, new


def _remove(p):
    if p.is_dir() and not p.is_symlink():
        shutil.rmtree(p, ignore_errors=True)
    else:
        try:
            p.unlink()
        except FileNotFoundError:
            pass


def clear_artifacts(root):
    freed = 0
    for pat in CFG["artifacts"]["patterns"]:
        for p in root.glob(pat):
            if ".git" in p.parts:
                continue
            try:
                freed += p.stat().st_size if p.is_file() else 0
            except OSError:
                pass
            _remove(p)
    return freed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root", nargs="?", default=".")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--keep-outputs", action="append", default=[])
    ap.add_argument("--no-artifacts", action="store_true")
    a = ap.parse_args()
    root = Path(a.root).resolve()

    changed, saved = 0, 0
    for nbp in root.rglob("*.ipynb"):
        if ".ipynb_checkpoints" in nbp.parts:
            continue
        old, new = clean_nb(nbp, nbp.name in a.keep_outputs)
        if old != new:
            changed += 1
            saved += len(old) - len(new)
            if not a.check:
                nbp.write_text(new, encoding="utf-8")
            print(("would clean " if a.check else "cleaned ") + str(nbp.relative_to(root)))
    if a.check:
        sys.exit(1 if changed else 0)
    if not a.no_artifacts:
        saved += clear_artifacts(root)
    print(f"{changed} notebook(s) changed, {saved/1e6:.1f} MB saved")


if __name__ == "__main__":
    main()
