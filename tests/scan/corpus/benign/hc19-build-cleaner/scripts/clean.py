#!/usr/bin/env python3
"""Remove build artifacts inside the current git repository, with guards."""
import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

ALLOW = {"dist", "build", "target", ".next", ".nuxt", "out", "coverage", "__pycache__",
         ".pytest_cache", ".mypy_cache", ".ruff_cache", ".turbo", ".parcel-cache"}
SKIP_DIRS = {".git", "node_modules", ".venv", "venv"}


def repo_root():
    r = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("not inside a git repository")
    root = Path(r.stdout.strip()).resolve()
    if root == Path("/") or root == Path.home().resolve():
        sys.exit(f"refusing to clean {root}")
    return root


def tracked(root, path):
    r = subprocess.run(["git", "-C", str(root), "ls-files", "--error-unmatch", str(path.relative_to(root))],
                       capture_output=True, text=True)
    if r.returncode == 0:
        return True
    r = subprocess.run(["git", "-C", str(root), "ls-files", str(path.relative_to(root))], capture_output=True, text=True)
    return bool(r.stdout.strip())


def candidates(root):
    for dirpath, dirnames, _ in os.walk(root, followlinks=False):
        keep = []
        for d in dirnames:
            p = Path(dirpath) / d
            if p.is_symlink() or d in SKIP_DIRS:
                continue
            if d in ALLOW:
                yield p
            else:
                keep.append(d)
        dirnames[:] = keep


def size(p):
    return sum(f.stat().st_size for f in p.rglob("*") if f.is_file() and not f.is_symlink())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--delete", action="store_true")
    a = ap.parse_args()
    root = repo_root()
    total = 0
    for p in candidates(root):
        resolved = p.resolve()
        if root not in resolved.parents or tracked(root, p):
            print(f"skip   {p.relative_to(root)} (tracked or outside repo)")
            continue
        s = size(p)
        total += s
        print(f"{'delete' if a.delete else 'would '} {p.relative_to(root)}  ({s / 1e6:.1f} MB)")
        if a.delete:
            shutil.rmtree(p)
    print(f"{'freed' if a.delete else 'reclaimable'}: {total / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
