"""Scan and token-count thousands of real SKILL.md files with `skillpm scan`, as a user would (issue 3).

    python bench/scan_many.py GIT_DIR... [--count 7000] [--jobs 1,2] [--tokenizer FILE]
    python bench/scan_many.py --mirror-root DIR --collections bench/collections.txt \
        --collections bench/more_collections.txt --count 7000 --jobs 2

Every GIT_DIR is a git repository (bare or not) of public skills, fetched at benchmark time
and never committed; with --collections, the repositories listed there (GitHub URLs, in that
order) are read from local clones under --mirror-root (DIR/OWNER+REPO/repo or DIR/OWNER/REPO, as
bench/build_index.sh reads them). The first --count SKILL.md files, in that order, are scanned. Each SKILL.md at HEAD becomes its own skill folder in a temporary
directory, then `skillpm scan DIR --json --jobs N` runs once per N with an empty skillpm
cache (no earlier scan or token count is reused) and the tokenizer file already on disk.
Prints one table row per N: skills, MB, wall seconds, CPU seconds of the scan, and how
many skills came back with a grade and with token counts.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOKENIZER_URL = "https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken"


def skill_mds(git_dir: Path) -> list[tuple[str, bytes]]:
    """(path, bytes) of every SKILL.md at HEAD of one repository."""
    git = ["git", f"--git-dir={git_dir}"]
    listing = subprocess.run(git + ["ls-tree", "-r", "HEAD"], capture_output=True, check=True).stdout.decode()
    wanted = []
    for line in listing.splitlines():
        meta, _, path = line.partition("\t")
        parts = meta.split()
        if len(parts) == 3 and parts[1] == "blob" and parts[0] != "120000" and path.split("/")[-1].lower() == "skill.md":
            wanted.append((path, parts[2]))
    if not wanted:
        return []
    batch = subprocess.run(git + ["cat-file", "--batch"], input="\n".join(s for _, s in wanted).encode() + b"\n",
                           capture_output=True, check=True).stdout
    out, pos = [], 0
    for path, _ in wanted:
        nl = batch.index(b"\n", pos)
        size = int(batch[pos:nl].split()[2])
        out.append((path, batch[nl + 1:nl + 1 + size]))
        pos = nl + 1 + size + 1
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("repos", nargs="*", type=Path)
    ap.add_argument("--collections", action="append", default=[], type=Path, help="a file of GitHub URLs")
    ap.add_argument("--mirror-root", type=Path, help="where the clones of --collections are")
    ap.add_argument("--count", type=int, default=7000)
    ap.add_argument("--jobs", default="1,2")
    ap.add_argument("--tokenizer", type=Path, default=ROOT.parent / "shared" / "data" / "o200k_base.tiktoken")
    args = ap.parse_args()
    for listing in args.collections:
        for url in (line.strip() for line in listing.read_text().splitlines()):
            if not url or url.startswith("#"):
                continue
            owner, name = url.rstrip("/").split("/")[-2:]
            root = args.mirror_root or Path(".")
            found = next((c for c in (root / f"{owner}+{name}" / "repo", root / owner / name, root / owner / f"{name}.git")
                          if c.exists()), None)
            if found is None:
                ap.error(f"no clone of {url} under {root}")
            args.repos.append(found)
    if not args.repos:
        ap.error("give GIT_DIRs or --collections")

    files: list[tuple[str, bytes]] = []
    for repo in args.repos:
        git_dir = repo / ".git" if (repo / ".git").exists() else repo
        files += [(f"{repo.name}/{p}", data) for p, data in skill_mds(git_dir)]
    files = files[: args.count]
    work = Path(tempfile.mkdtemp(prefix="skillpm-scan-many-"))
    try:
        skills = work / "skills"
        for i, (path, data) in enumerate(files):
            name = re.sub(r"[^A-Za-z0-9._-]+", "-", path.rsplit("/", 2)[-2] if "/" in path else "skill")[:60]
            d = skills / f"{i:05d}-{name}"
            d.mkdir(parents=True)
            (d / "SKILL.md").write_bytes(data)
        total = sum(len(d) for _, d in files)
        tk = work / "tiktoken"
        tk.mkdir()
        shutil.copy(args.tokenizer, tk / hashlib.sha1(TOKENIZER_URL.encode()).hexdigest())
        print(f"{len(files)} SKILL.md files, {total / 1e6:.1f} MB, from {len(args.repos)} repositories")
        print("| jobs | skills | MB | wall s | CPU s | graded | token-counted |")
        print("|---|---|---|---|---|---|---|")
        for jobs in [int(j) for j in args.jobs.split(",")]:
            cache = work / f"cache-{jobs}"
            env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
                       SKILLPM_CACHE_DIR=str(cache), TIKTOKEN_CACHE_DIR=str(tk), NO_COLOR="1",
                       HOME=str(work / "home"), XDG_CONFIG_HOME=str(work / "home" / ".config"))
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.perf_counter()
            run = subprocess.run([sys.executable, "-m", "skillpm", "scan", str(skills), "--json", "--jobs", str(jobs)],
                                 capture_output=True, env=env, cwd=work)
            wall = time.perf_counter() - t0
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            try:
                doc = json.loads(run.stdout)
            except ValueError:
                print(run.stderr.decode()[-2000:], file=sys.stderr)
                return 1
            results = doc.get("result") or []
            graded = sum(1 for r in results if r.get("grade"))
            counted = sum(1 for r in results if r.get("tokens"))
            print(f"| {jobs} | {len(results)} | {total / 1e6:.1f} | {wall:.1f} | {cpu:.1f} | {graded} | {counted} |")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
