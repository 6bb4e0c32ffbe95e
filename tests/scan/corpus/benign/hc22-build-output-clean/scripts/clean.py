#!/usr/bin/env python3
"""Remove build output directories inside the current git repository."""
import argparse
import os
import pathlib
import shutil
import subprocess
import sys

TARGETS = {"dist", "build", ".next", "out", "target", "__pycache__", ".pytest_cache",
           ".mypy_cache", ".ruff_cache", "coverage", "htmlcov", ".turbo", ".parcel-cache"}
SKIP_WALK = {".git", "node_modules", ".venv", "venv"}


def repo_root():
    try:
        out = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        sys.exit("not inside a git repository - refusing to clean")
    root = pathlib.Path(out.stdout.strip()).resolve()
    if root == pathlib.Path.home().resolve() or root == pathlib.Path("/"):
        sys.exit(f"repository root is {root} - refusing to clean")
    return root


def tracked(root, path):
    rel = path.relative_to(root)
    res = subprocess.run(["git", "ls-files", "--error-unmatch", "--", str(rel)],
                         cwd=root, capture_output=True)
    return res.returncode == 0 or bool(subprocess.run(
        ["git", "ls-files", "--", str(rel)], cwd=root, capture_output=True, text=True).stdout.strip())


def size(path):
    total = 0
    for dp, _, files in os.walk(path, followlinks=False):
        for f in files:
            try:
                total += os.lstat(os.path.join(dp, f)).st_size
            except OSError:
                pass
    return total


def candidates(root):
    for dp, dirs, _ in os.walk(root, followlinks=False):
        dirs[:] = [d for d in dirs if d not in SKIP_WALK]
        for d in list(dirs):
            if d in TARGETS:
                p = pathlib.Path(dp, d)
                if p.is_symlink():
                    continue
                real = p.resolve()
                if root not in real.parents:
                    continue
                dirs.remove(d)
                yield real


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--yes", action="store_true", help="actually delete")
    a = ap.parse_args()
    root = repo_root()
    found = [p for p in candidates(root) if not tracked(root, p)]
    total = 0
    for p in found:
        s = size(p)
        total += s
        print(f"{'remove' if a.yes else 'would remove'} {p.relative_to(root)}  ({s / 1e6:.1f} MB)")
        if a.yes:
            shutil.rmtree(p)
    print(f"{len(found)} directories, {total / 1e6:.1f} MB {'freed' if a.yes else 'reclaimable'}")


if __name__ == "__main__":
    main()
