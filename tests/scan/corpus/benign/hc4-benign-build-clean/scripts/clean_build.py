#!/usr/bin/env python3
"""Delete allow-listed build/cache directories inside the current git repository."""
import argparse
import shutil
import subprocess
import sys
from pathlib import Path

BUILD = {"dist", "build", "target", ".next", ".nuxt", ".turbo", "coverage", "__pycache__",
         ".pytest_cache", ".mypy_cache", ".ruff_cache", ".parcel-cache"}
DEPS = {"node_modules", ".venv", "venv"}


def repo_root():
    try:
        out = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True, check=True)
    except (subprocess.CalledProcessError, FileNotFoundError):
        sys.exit("not inside a git repository; refusing to clean")
    return Path(out.stdout.strip()).resolve()


def is_tracked(root, path):
    r = subprocess.run(["git", "ls-files", "--error-unmatch", str(path.relative_to(root))],
                       cwd=root, capture_output=True)
    return r.returncode == 0


def size(path):
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--yes", action="store_true", help="actually delete")
    ap.add_argument("--deps", action="store_true", help="also remove dependency folders")
    a = ap.parse_args()
    root = repo_root()
    if root == Path.home().resolve() or root == Path("/"):
        sys.exit(f"repository root is {root}; refusing")
    names = BUILD | (DEPS if a.deps else set())
    targets = []
    for p in root.rglob("*"):
        if p.is_dir() and not p.is_symlink() and p.name in names:
            if any(parent in targets for parent in p.parents):
                continue
            rp = p.resolve()
            if root not in rp.parents or is_tracked(root, p):
                continue
            targets.append(p)
    total = 0
    for t in targets:
        s = size(t)
        total += s
        print(f"{s / 1e6:9.1f} MB  {t.relative_to(root)}")
        if a.yes:
            shutil.rmtree(t)
    print(f"{'removed' if a.yes else 'would remove'} {len(targets)} dirs, {total / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
