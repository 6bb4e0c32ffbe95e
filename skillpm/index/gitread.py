"""Reading a local git repository (bare or not) for ``skillpm index build``: one
``ls-tree`` for skill folders and their tree ids, one ``log`` for creation dates
(the files themselves are read by ``sources.tree_from_git``). Git runs through
``gitutil.run`` (safe config, timeout).
"""

from __future__ import annotations

from pathlib import Path

from skillpm.errors import SkillpmError


def git(git_dir: Path, *args: str, timeout: float | None = None) -> bytes:
    from skillpm import gitutil

    return gitutil.run(["-c", "core.quotepath=off", *args], git_dir, timeout=timeout).stdout


def find_git_dir(path: Path) -> Path:
    """``path`` itself when bare, else its ``.git``."""
    path = Path(path)
    if (path / ".git").exists():
        return path / ".git"
    if (path / "objects").is_dir() and (path / "HEAD").exists():
        return path
    raise SkillpmError(f"{path} is not a git repository", "give a git checkout or a bare repository")


def rev_parse(git_dir: Path, rev: str = "HEAD") -> str:
    return git(git_dir, "rev-parse", "--verify", f"{rev}^{{commit}}").decode().strip()


def skill_folders(git_dir: Path, commit: str) -> dict[str, str]:
    """Skill folders at ``commit`` (as ``sources.discover_in_paths`` finds them) → git tree id ('' = root)."""
    from skillpm.sources import discover_in_paths

    raw = git(git_dir, "ls-tree", "-r", "-t", "-z", "--full-tree", commit, timeout=600)
    trees: dict[str, str] = {"": git(git_dir, "rev-parse", f"{commit}^{{tree}}").decode().strip()}
    blobs: list[str] = []
    for rec in raw.split(b"\0"):
        if not rec:
            continue
        meta, _, path_b = rec.partition(b"\t")
        _mode, kind, oid = meta.decode().split()
        path = path_b.decode("utf-8", "surrogateescape")
        if kind == "tree":
            trees[path] = oid
        elif kind == "blob":
            blobs.append(path)
    return {f: trees[f] for f in discover_in_paths(blobs) if f in trees}


def created_dates(git_dir: Path, commit: str) -> dict[str, str]:
    """Skill folder → date (YYYY-MM-DD) its SKILL.md first appeared, following renames
    (a skill moved from ``document-skills/pdf`` to ``skills/pdf`` keeps its first date).
    Empty for a shallow clone, whose oldest commit is not where anything began."""
    if git(git_dir, "rev-parse", "--is-shallow-repository").strip() == b"true":
        return {}
    try:
        raw = git(git_dir, "log", "--reverse", "--format=%x00%cs", "--name-status", "-M", "--diff-filter=AR",
                  commit, "--", timeout=600)
    except SkillpmError:  # rename detection reads blobs; a partial clone may lack some
        raw = git(git_dir, "log", "--reverse", "--format=%x00%cs", "--name-status", "--no-renames",
                  "--diff-filter=A", commit, "--", timeout=600)
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
