#!/usr/bin/env python3
"""Remove regenerable build output inside the current git repository.

Dry run by default; pass --apply to delete. Never deletes outside the repo root,
tracked files, .git or .env files.
"""
import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

CANDIDATES = ["dist", "build", ".next", ".nuxt", ".turbo", ".parcel-cache", "coverage",
              ".pytest_cache", ".mypy_cache", "target"]
NEVER = {".git", ".env"}


def repo_root() -> Path:
    out = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("not inside a git repository; refusing to run")
    return Path(out.stdout.strip()).resolve()


def tracked(root: Path, p: Path) -> bool:
    out = subprocess.run(["git", "ls-files", "--", str(p.relative_to(root))],
                         cwd=root, capture_output=True, text=True)
    return bool(out.stdout.strip())


def size(p: Path) -> int:
    total = 0
    for dirpath, _, files in os.walk(p):
        for f in files:
            try:
                total += (Path(dirpath) / f).stat().st_size
            except OSError:
                pass
    return total


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--apply", action="store_true")
    args = ap.parse_args()
    root = repo_root()
    ignore = set()
    ci = root / ".cleanignore"
    if ci.exists():
        ignore = {line.strip() for line in ci.read_text().splitlines() if line.strip()}
    found = []
    for name in CANDIDATES:
        for p in root.rglob(name):
            if "node_modules" in p.parts or not p.is_dir():
                continue
            rp = p.resolve()
            if root not in rp.parents or any(part in NEVER for part in rp.parts):
                print(f"skipped       {p} (outside repo or protected)")
                continue
            rel = str(rp.relative_to(root))
            if rel in ignore:
                continue
            if tracked(root, rp):
                print(f"skipped       {rel}/  (contains tracked files)")
                continue
            found.append(rp)
    total = 0
    for p in found:
        s = size(p)
        total += s
        verb = "removing" if args.apply else "would remove"
        print(f"{verb:<13} {p.relative_to(root)}/  {s / 1e6:.1f} MB")
        if args.apply:
            shutil.rmtree(p)
    print(f"total: {total / 1e6:.1f} MB in {len(found)} paths")


if __name__ == "__main__":
    main()
