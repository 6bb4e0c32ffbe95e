"""Reading a local git repository (bare or not) for ``skillpm index build``: one
``ls-tree`` for skill folders and their tree ids, one ``log`` for creation dates,
and ``git archive`` to export the commit's files for the loader. Every call has a timeout.
"""

from __future__ import annotations

import subprocess
import tarfile
from pathlib import Path

from skillpm.errors import SkillpmError

GIT_TIMEOUT = 600
SKIP_DIRS = {".git", "node_modules"}


def git(git_dir: Path, *args: str, timeout: int = GIT_TIMEOUT) -> bytes:
    cmd = ["git", f"--git-dir={git_dir}", "-c", "core.quotepath=off", *args]
    try:
        proc = subprocess.run(cmd, capture_output=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        raise SkillpmError(f"git {args[0]} timed out after {timeout}s in {git_dir}", "try again") from None
    if proc.returncode != 0:
        msg = proc.stderr.decode("utf-8", "replace").strip().splitlines()
        raise SkillpmError(f"git {args[0]} failed in {git_dir}: {msg[-1] if msg else proc.returncode}",
                           "check that the source is a git repository and the revision exists")
    return proc.stdout


def find_git_dir(path: Path) -> Path:
    """``path`` itself when bare, else its ``.git``."""
    path = Path(path)
    if (path / ".git").exists():
        return path / ".git"
    if (path / "objects").is_dir() and (path / "HEAD").exists():
        return path
    raise SkillpmError(f"{path} is not a git repository", "give a git checkout or a bare repository")


def rev_parse(git_dir: Path, rev: str = "HEAD") -> str:
    return git(git_dir, "rev-parse", "--verify", f"{rev}^{{commit}}", timeout=60).decode().strip()


def skill_folders(git_dir: Path, commit: str) -> dict[str, str]:
    """Folders holding a SKILL.md (any case) at ``commit`` → their git tree id ('' = root)."""
    raw = git(git_dir, "ls-tree", "-r", "-t", "-z", "--full-tree", commit)
    trees: dict[str, str] = {"": git(git_dir, "rev-parse", f"{commit}^{{tree}}", timeout=60).decode().strip()}
    found: list[str] = []
    for rec in raw.split(b"\0"):
        if not rec:
            continue
        meta, _, path_b = rec.partition(b"\t")
        mode, kind, oid = meta.decode().split()
        path = path_b.decode("utf-8", "surrogateescape")
        if kind == "tree":
            trees[path] = oid
        elif kind == "blob" and path.rsplit("/", 1)[-1].lower() == "skill.md":
            folder = path.rsplit("/", 1)[0] if "/" in path else ""
            if not any(part in SKIP_DIRS for part in folder.split("/")):
                found.append(folder)
    return {f: trees[f] for f in sorted(set(found)) if f in trees}


def created_dates(git_dir: Path, commit: str) -> dict[str, str]:
    """Skill folder → date (YYYY-MM-DD) of the oldest commit that added its SKILL.md."""
    raw = git(git_dir, "log", "--format=%x00%cs", "--name-only", "--diff-filter=A", "--no-renames", commit, "--")
    dates: dict[str, str] = {}
    date = ""
    for line in raw.decode("utf-8", "surrogateescape").split("\n"):
        if line.startswith("\0"):
            date = line[1:].strip()
        elif line.rsplit("/", 1)[-1].lower() == "skill.md":
            folder = line.rsplit("/", 1)[0] if "/" in line else ""
            dates[folder] = date  # log runs newest first: the last write is the oldest add
    return dates


def export(git_dir: Path, commit: str, dest: Path, paths: list[str] | None = None) -> None:
    """Extract the files of ``commit`` (optionally only ``paths``) into the empty folder ``dest``."""
    cmd = ["git", f"--git-dir={git_dir}", "archive", "--format=tar", commit]
    if paths is not None:
        cmd += ["--", *paths]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    failed: str | None = None
    try:
        with tarfile.open(fileobj=proc.stdout, mode="r|") as tar:
            for member in tar:
                try:
                    tar.extract(member, dest, filter="tar")
                except (tarfile.FilterError, OSError):
                    # A link leaving the tree, an absolute path: left out here; the loader
                    # then sees the skill without it, as an archive download would refuse it.
                    continue
    except tarfile.TarError as exc:  # git stopped mid-stream (a missing object): say so below
        failed = str(exc)
    finally:
        try:
            proc.wait(timeout=GIT_TIMEOUT)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise SkillpmError(f"git archive timed out in {git_dir}", "try again") from None
    if proc.returncode != 0 or failed:
        err = proc.stderr.read().decode("utf-8", "replace").strip() if proc.stderr else ""
        err = err or failed or f"exit {proc.returncode}"
        raise SkillpmError(f"git archive failed in {git_dir}: {err}", "check the revision exists")
