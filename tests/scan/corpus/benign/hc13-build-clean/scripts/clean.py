#!/usr/bin/env python3
"""Remove regenerable build output inside the current git repository."""
import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

BUILD_DIRS = {"dist", "build", ".next", ".nuxt", "target", "coverage", ".turbo",
              "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".parcel-cache"}
SKIP_WALK = {".git", ".venv", "venv"}


def repo_root() -> Path:
    try:
        out = subprocess.run(["git", "rev-parse", "--show-toplevel"], check=True,
                             capture_output=True, text=True).stdout.strip()
    except (subprocess.CalledProcessError, FileNotFoundError):
        sys.exit("not inside a git work tree; refusing to clean")
    root = Path(out).resolve()
    if root == Path("/") or root == Path.home().resolve():
        sys.exit(f"repository root is {root}; refusing to clean")
    return root


def tracked_under(root: Path, p: Path) -> bool:
    rel = p.relative_to(root).as_posix()
    out = subprocess.run(["git", "-C", str(root), "ls-files", "--", rel],
                         capture_output=True, text=True).stdout
    return bool(out.strip())


def candidates(root: Path, node_modules: bool):
    names = BUILD_DIRS | ({"node_modules"} if node_modules else set())
    for dirpath, dirnames, _ in os.walk(root):
        keep = []
        for d in dirnames:
            p = Path(dirpath) / d
            if d in names and not p.is_symlink():
                yield p
            elif d not in SKIP_WALK and d != "node_modules" and not p.is_symlink():
                keep.append(d)
        dirnames[:] = keep


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--apply", action="store_true")
    ap.add_argument("--node-modules", action="store_true")
    a = ap.parse_args()

    root = repo_root()
    todo = []
    for p in candidates(root, a.node_modules):
        rp = p.resolve()
        if root not in rp.parents:
            continue
        if tracked_under(root, rp):
            print(f"skip (tracked files): {rp.relative_to(root)}")
            continue
        todo.append(rp)

    for p in todo:
        print(("remove " if a.apply else "would remove ") + str(p.relative_to(root)))
    if not a.apply:
        print(f"\n{len(todo)} directories; re-run with --apply to delete")
        return
    for p in todo:
        shutil.rmtree(p)
    print(f"removed {len(todo)} directories")


if __name__ == "__main__":
    main()
