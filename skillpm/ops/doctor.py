"""``skillpm doctor``: what is installed where, and what is wrong with it.

Looks at every skills folder of the agent table for the scope (project or
global), not only the detected agents', because a skill an agent cannot see is
as much a problem as a broken one. Reads only: it never changes a file.

Problems (exit 1): broken links in a skills folder, installed folders that no
longer match the lock. Notices (exit 0): skills sitting in agent folders that
skillpm does not manage (``skillpm adopt`` brings them in), no agent detected,
an old cache or index.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path

from skillpm.workspace import Workspace, open_workspace

STALE_CACHE_DAYS = 90  # a cached git repository or index untouched this long is worth deleting
INDEX_MAX_AGE_DAYS = 14  # an index older than this misses new skills and re-grades


@dataclass
class Issue:
    """One thing doctor found: ``level`` "error" (exit 1) or "notice"."""

    kind: str  # broken-link | drift | lock | unmanaged | no-agent | stale-cache | old-index | leftover
    level: str
    message: str
    hint: str | None = None
    path: str | None = None

    def to_dict(self) -> dict:
        return dict(self.__dict__)


@dataclass
class UnmanagedSkill:
    """A folder with a SKILL.md in an agent's skills folder that the lock does not list."""

    name: str
    folder: Path
    agents: list[str]  # every agent that reads this folder
    is_link: bool = False
    locked_elsewhere: bool = False  # the lock has a skill of this name, installed in other folders

    def to_dict(self) -> dict:
        return {"name": self.name, "folder": str(self.folder), "agents": self.agents, "is_link": self.is_link,
                "locked_elsewhere": self.locked_elsewhere}


@dataclass
class DoctorReport:
    scope: str
    root: str
    agents: list[dict] = field(default_factory=list)  # detected agents: id, name, folder, exists, skills
    folders: list[dict] = field(default_factory=list)  # every existing skills folder: folder, agents, entries
    managed: int = 0
    unmanaged: list[UnmanagedSkill] = field(default_factory=list)
    broken_links: list[dict] = field(default_factory=list)
    drift: list[dict] = field(default_factory=list)
    cache: dict = field(default_factory=dict)
    index: dict = field(default_factory=dict)
    issues: list[Issue] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not any(i.level == "error" for i in self.issues)

    def to_dict(self) -> dict:
        return {"ok": self.ok, "scope": self.scope, "root": self.root, "agents": self.agents,
                "folders": self.folders, "managed": self.managed,
                "unmanaged": [u.to_dict() for u in self.unmanaged], "broken_links": self.broken_links,
                "drift": self.drift, "cache": self.cache, "index": self.index,
                "issues": [i.to_dict() for i in self.issues]}


def skill_folders(ws: Workspace) -> dict[Path, list[str]]:
    """Every distinct skills folder the agent table names for this scope → the agents reading it."""
    from skillpm.agents import load_agents

    out: dict[Path, list[str]] = {}
    for a in sorted(load_agents().agents.values(), key=lambda a: a.id):
        f = a.folder(ws.scope, ws.root)
        if f is None:
            continue
        out.setdefault(Path(os.path.normpath(f)), []).append(a.id)
    return out


def _has_skill_md(folder: Path) -> bool:
    try:
        return any(p.name.lower() == "skill.md" and p.is_file() for p in folder.iterdir())
    except OSError:
        return False


def find_unmanaged(ws: Workspace, folders: dict[Path, list[str]] | None = None, lock=None) -> list[UnmanagedSkill]:
    """Skill folders in agent skills folders that are not one of the lock's installed folders."""
    from skillpm.ops.verify import entry_folders

    folders = skill_folders(ws) if folders is None else folders
    lock = ws.lock() if lock is None else lock
    managed = {os.path.normpath(f) for e in lock.skills.values() for f, _a, _c in entry_folders(e, ws)}
    found = []
    for base, agents in sorted(folders.items()):
        if not base.is_dir():
            continue
        for child in sorted(base.iterdir()):
            if child.name.startswith(".") or os.path.normpath(child) in managed:
                continue
            if not (child.is_dir() and _has_skill_md(child)):
                continue
            found.append(UnmanagedSkill(child.name, child, agents, child.is_symlink(), child.name in lock.skills))
    return found


def _tree_stats(path: Path) -> tuple[int, int, float]:
    """(files, bytes, newest mtime) under ``path``, not following links."""
    n = size = 0
    newest = 0.0
    for dirpath, _dirs, files in os.walk(path):
        for f in files:
            try:
                st = os.lstat(os.path.join(dirpath, f))
            except OSError:
                continue
            n += 1
            size += st.st_size
            newest = max(newest, st.st_mtime)
    return n, size, newest


def cache_report(now: float | None = None) -> dict:
    """Size of each part of the cache, and the cached repositories nobody fetched for a long time."""
    from skillpm.paths import cache_dir

    now = now or time.time()
    root = cache_dir()
    parts = {}
    stale = []
    if root.is_dir():
        for part in sorted(p for p in root.iterdir() if p.is_dir()):
            n, size, _ = _tree_stats(part)
            parts[part.name] = {"files": n, "bytes": size}
        for sub in ("git", "repos", "index"):
            d = root / sub
            if not d.is_dir():
                continue
            for item in sorted(d.iterdir()):
                _, size, newest = _tree_stats(item) if item.is_dir() else (1, item.stat().st_size, item.stat().st_mtime)
                age = (now - newest) / 86400 if newest else None
                if age is not None and age > STALE_CACHE_DAYS:
                    stale.append({"path": str(item), "bytes": size, "days": int(age)})
    total = sum(p["bytes"] for p in parts.values())
    return {"path": str(root), "bytes": total, "parts": parts, "stale": stale}


def index_report(now: float | None = None) -> dict:
    """Which index add resolves names in, and how old the local copy is."""
    now = now or time.time()
    try:
        from skillpm import index as index_mod
    except ImportError:
        return {"url": None, "available": False}
    try:
        idx = index_mod.open_index(None)
    except Exception as exc:  # a broken index config is a doctor finding, not a crash
        return {"url": None, "available": False, "error": str(getattr(exc, "message", exc))}
    rep = {"url": idx.url, "available": True, "commit": getattr(idx, "commit", None)}
    if idx.url == "shipped":
        from skillpm import __version__

        rep["age_days"] = None
        rep["note"] = f"snapshot shipped with skillpm {__version__}"
        return rep
    cache = getattr(idx, "cache", None)
    if cache is not None and Path(cache).is_dir():
        _, _, newest = _tree_stats(Path(cache))
        rep["age_days"] = round((now - newest) / 86400, 1) if newest else None
    else:
        rep["age_days"] = None
        rep["note"] = "never fetched"
    return rep


def doctor(global_: bool = False, project: Path | None = None, now: float | None = None) -> DoctorReport:
    from skillpm.agents import load_agents
    from skillpm.ops.verify import check_entry

    ws = open_workspace(global_, project)
    rep = DoctorReport(ws.scope, str(ws.root))
    table = load_agents()
    folders = skill_folders(ws)

    for a in sorted(table.detected(ws.root), key=lambda a: a.id):
        f = a.folder(ws.scope, ws.root)
        n = sum(1 for c in f.iterdir() if c.is_dir()) if f is not None and f.is_dir() else 0
        rep.agents.append({"id": a.id, "name": a.name, "folder": str(f) if f else None,
                           "exists": bool(f and f.is_dir()), "skills": n})
    if not rep.agents:
        rep.issues.append(Issue("no-agent", "notice", "no agent detected on this machine",
                                "install an agent, or name one with --agent when you add skills"))

    for base, agents in sorted(folders.items()):
        if not base.is_dir():
            continue
        entries = sorted(base.iterdir())
        rep.folders.append({"folder": str(base), "agents": agents, "entries": len(entries)})
        for child in entries:
            if child.is_symlink() and not child.exists():
                target = os.readlink(child)
                rep.broken_links.append({"path": str(child), "target": target, "agents": agents})
                rep.issues.append(Issue("broken-link", "error", f"{child} is a link to {target}, which does not exist",
                                        f"remove it (`rm {child}`), or `skillpm install` if skillpm put it there",
                                        str(child)))
            elif child.name.startswith(".skillpm-tmp-"):
                rep.issues.append(Issue("leftover", "notice", f"{child} is left over from an interrupted write",
                                        "the next skillpm write in this folder removes it", str(child)))

    from skillpm.errors import SkillpmError
    from skillpm.lockfile import Lock

    try:
        lock = ws.lock()
    except SkillpmError as exc:  # a damaged lock is a finding; keep looking at the rest
        rep.issues.append(Issue("lock", "error", exc.message, exc.hint, str(ws.state_dir / "skillpm.lock")))
        lock = Lock(ws.state_dir / "skillpm.lock")
    rep.managed = len(lock.skills)
    for name in sorted(lock.skills):
        for d in check_entry(lock.skills[name], ws):
            if d.state == "ok":
                continue
            if any(b["path"] == d.folder for b in rep.broken_links):
                continue  # already reported as a broken link
            rep.drift.append(d.to_dict())
            rep.issues.append(Issue("drift", "error", f"{name}: {d.folder} is {d.state}"
                                    + (f" ({d.detail})" if d.detail else ""),
                                    "`skillpm verify` names the files; `skillpm install` restores the locked bytes",
                                    d.folder))

    rep.unmanaged = find_unmanaged(ws, folders, lock)
    for u in rep.unmanaged:
        if u.locked_elsewhere:
            rep.issues.append(Issue("unmanaged", "notice", f"{u.folder} holds a copy of {u.name} that skillpm did not put there",
                                    f"`skillpm add` {u.name} for {u.agents[0]} to manage it, or remove the copy",
                                    str(u.folder)))
        else:
            rep.issues.append(Issue("unmanaged", "notice", f"{u.folder} is not managed by skillpm",
                                    f"`skillpm adopt {u.name}` records it in the lock", str(u.folder)))

    rep.cache = cache_report(now)
    for s in rep.cache["stale"]:
        rep.issues.append(Issue("stale-cache", "notice", f"{s['path']} was not used for {s['days']} days "
                                f"({s['bytes'] / 1048576:.1f} MiB)",
                                "delete it to free the space; skillpm fetches it again when needed", s["path"]))
    rep.index = index_report(now)
    age = rep.index.get("age_days")
    if age is not None and age > INDEX_MAX_AGE_DAYS:
        rep.issues.append(Issue("old-index", "notice", f"the index was last fetched {age:.0f} days ago",
                                "run `skillpm index update`"))
    return rep
