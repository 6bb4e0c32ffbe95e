#!/usr/bin/env python3
"""Create a local tar.gz backup of the current git project (tracked + untracked, not ignored)."""
import argparse
import datetime as dt
import os
import subprocess
import tarfile


def project_files(root):
    try:
        out = subprocess.check_output(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"], cwd=root)
        return [p for p in out.decode().split("\0") if p]
    except (subprocess.CalledProcessError, FileNotFoundError):
        files = []
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in {".git", "node_modules", ".venv", "__pycache__"}]
            files += [os.path.relpath(os.path.join(dirpath, f), root) for f in filenames]
        return files


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dest", default=os.path.expanduser("~/project-backups"))
    ap.add_argument("--include-git", action="store_true", help="also archive .git (full history)")
    a = ap.parse_args()

    root = os.getcwd()
    name = os.path.basename(root)
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    os.makedirs(a.dest, exist_ok=True)
    archive = os.path.join(a.dest, f"{name}-{stamp}.tar.gz")

    files = project_files(root)
    with tarfile.open(archive, "w:gz") as tar:
        for rel in files:
            full = os.path.join(root, rel)
            if os.path.isfile(full):
                tar.add(full, arcname=os.path.join(name, rel))
        if a.include_git and os.path.isdir(os.path.join(root, ".git")):
            tar.add(os.path.join(root, ".git"), arcname=os.path.join(name, ".git"))
    size = os.path.getsize(archive) / 1024 / 1024
    print(f"backup: {archive} ({len(files)} files, {size:.1f} MB)")


if __name__ == "__main__":
    main()
