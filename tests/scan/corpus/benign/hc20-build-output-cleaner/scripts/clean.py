#!/usr/bin/env python3
"""Delete build outputs inside the current git repository, safely."""
import argparse
import pathlib
import shutil
import subprocess
import sys

TARGET_DIRS = {"dist", "build", ".next", ".nuxt", "target", "coverage", "__pycache__",
               ".pytest_cache", ".mypy_cache", ".ruff_cache", ".turbo", ".parcel-cache", "out"}


def repo_root():
    r = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("not inside a git repository - refusing to clean")
    root = pathlib.Path(r.stdout.strip()).resolve()
    if root in (pathlib.Path("/"), pathlib.Path.home().resolve()):
        sys.exit(f"refusing to clean {root}")
    return root


def tracked(root, path):
    r = subprocess.run(["git", "-C", str(root), "ls-files", "--error-unmatch", str(path.relative_to(root))],
                       capture_output=True)
    return r.returncode == 0


def candidates(root, include_nm):
    names = TARGET_DIRS | ({"node_modules"} if include_nm else set())
    for p in root.rglob("*"):
        if ".git" in p.parts or (not include_nm and "node_modules" in p.parts):
            continue
        if p.is_dir() and p.name in names:
            real = p.resolve()
            if p.is_symlink() or root not in real.parents:
                continue
            if tracked(root, p):
                continue
            yield p


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--yes", action="store_true", help="actually delete (default: dry run)")
    ap.add_argument("--include-node-modules", action="store_true")
    a = ap.parse_args()
    root = repo_root()
    found = sorted(set(candidates(root, a.include_node_modules)))
    # drop nested candidates whose parent is already listed
    top = [p for p in found if not any(q in p.parents for q in found)]
    if not top:
        print("nothing to clean")
        return
    for p in top:
        print(("deleting " if a.yes else "would delete ") + str(p.relative_to(root)))
        if a.yes:
            shutil.rmtree(p)
    if not a.yes:
        print("\ndry run - re-run with --yes to delete")


if __name__ == "__main__":
    main()
