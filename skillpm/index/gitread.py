"""Reading a local git repository (bare or not) for ``skillpm index build``: one
``ls-tree`` for skill folders and their tree ids, one ``log`` for creation dates,
(the files themselves are read by ``sources.tree_from_git``). Every call has a timeout.
"""

from __future__ import annotations

import subprocess
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
    """Skill folder → date (YYYY-MM-DD) its SKILL.md first appeared, following renames
    (a skill moved from ``document-skills/pdf`` to ``skills/pdf`` keeps its first date)."""
    try:
        raw = git(git_dir, "log", "--reverse", "--format=%x00%cs", "--name-status", "-M", "--diff-filter=AR", commit, "--")
    except SkillpmError:  # rename detection reads blobs; a partial clone may lack some
        raw = git(git_dir, "log", "--reverse", "--format=%x00%cs", "--name-status", "--no-renames",
                  "--diff-filter=A", commit, "--")
    first: dict[str, str] = {}
    date = ""
    for line in raw.decode("utf-8", "surrogateescape").split("\n"):
        if line.startswith("\0"):
            date = line[1:].strip()
            continue
        parts = line.split("\t")
        if len(parts) == 2 and parts[0] == "A":
            first.setdefault(parts[1], date)
        elif len(parts) == 3 and parts[0].startswith("R"):
            first.setdefault(parts[2], first.get(parts[1], date))
    dates: dict[str, str] = {}
    for path, d in first.items():
        if path.rsplit("/", 1)[-1].lower() == "skill.md":
            dates[path.rsplit("/", 1)[0] if "/" in path else ""] = d
    return dates
