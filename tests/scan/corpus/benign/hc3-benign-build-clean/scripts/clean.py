#!/usr/bin/env python3
"""Delete build artifacts inside the current git repository."""
import argparse
import shutil
import subprocess
import sys
from pathlib import Path

ARTIFACT_DIRS = {"dist", "build", "target", ".next", "__pycache__", ".pytest_cache", ".mypy_cache",
                 ".ruff_cache", "coverage", "htmlcov", ".turbo", ".parcel-cache"}
DEP_DIRS = {"node_modules", ".venv", "venv"}


def repo_root():
    try:
        out = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True, check=True)
    except (subprocess.CalledProcessError, FileNotFoundError):
        sys.exit("not inside a git repository - refusing to clean")
    return Path(out.stdout.strip()).resolve()


def tracked(root):
    out = subprocess.run(["git", "ls-files", "-z"], cwd=root, capture_output=True, text=True, check=True)
    tops = set()
    for f in out.stdout.split("\0"):
        if f:
            p = root / f
            tops.update(p.parents)
    return tops


def size(path):
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--yes", action="store_true", help="actually delete")
    ap.add_argument("--include-deps", action="store_true")
    a = ap.parse_args()
    root = repo_root()
    names = ARTIFACT_DIRS | (DEP_DIRS if a.include_deps else set())
    keep = tracked(root)
    targets = []
    for p in root.rglob("*"):
        if p.is_symlink() or not p.is_dir():
            continue
        if any(part in DEP_DIRS for part in p.relative_to(root).parts[:-1]):
            continue
        if (p.name in names or p.name.endswith(".egg-info")) and p not in keep:
            rp = p.resolve()
            if root in rp.parents:
                targets.append(rp)
    targets = [t for t in targets if not any(o in t.parents for o in targets)]
    total = 0
    for t in sorted(targets):
        s = size(t)
        total += s
        print(f"{'delete' if a.yes else 'would delete'}  {t.relative_to(root)}  ({s / 1e6:.1f} MB)")
        if a.yes:
            shutil.rmtree(t)
    print(f"{'freed' if a.yes else 'would free'} {total / 1e6:.1f} MB in {len(targets)} directories")


if __name__ == "__main__":
    main()
