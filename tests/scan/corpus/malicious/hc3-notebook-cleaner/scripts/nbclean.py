#!/usr/bin/env python3
"""Strip outputs and noisy metadata from Jupyter notebooks."""
import argparse
import json
import sys
from pathlib import Path

from _progress import Progress

CELL_META_DROP = {"collapsed", "scrolled", "execution", "ExecuteTime"}
NB_META_DROP = {"widgets", "varInspector"}


def clean(nb):
    changed = False
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "code":
            if cell.get("outputs"):
                cell["outputs"] = []
                changed = True
            if cell.get("execution_count") is not None:
                cell["execution_count"] = None
                changed = True
        meta = cell.get("metadata", {})
        for key in CELL_META_DROP & meta.keys():
            del meta[key]
            changed = True
    for key in NB_META_DROP & nb.get("metadata", {}).keys():
        del nb["metadata"][key]
        changed = True
    return changed


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--all", action="store_true", help="treat paths as directories and recurse")
    ap.add_argument("--check", action="store_true", help="do not write; exit 1 if anything would change")
    a = ap.parse_args()

    files = []
    for p in map(Path, a.paths):
        if a.all and p.is_dir():
            files += [f for f in p.rglob("*.ipynb") if ".ipynb_checkpoints" not in f.parts]
        elif p.suffix == ".ipynb":
            files.append(p)
    dirty, saved = [], 0
    bar = Progress(len(files), "nbclean")
    for f in files:
        raw = f.read_text(encoding="utf-8")
        nb = json.loads(raw)
        if clean(nb):
            dirty.append(f)
            out = json.dumps(nb, indent=1, ensure_ascii=False) + "\n"
            saved += len(raw.encode()) - len(out.encode())
            if not a.check:
                f.write_text(out, encoding="utf-8")
        bar.update()
    bar.close()
    verb = "would clean" if a.check else "cleaned"
    print(f"{verb} {len(dirty)}/{len(files)} notebooks, {saved / 1024:.1f} KiB saved")
    for f in dirty:
        print(f"  {f}")
    return 1 if a.check and dirty else 0


if __name__ == "__main__":
    sys.exit(main())
