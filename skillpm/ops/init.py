"""``skillpm init``: write ``skillpm.toml`` from what is already installed.

The skills come from the lock (each entry's source becomes a requirement);
the agents are the lock's agents, else the detected ones. An existing manifest
is never overwritten without ``force``; with it, the file is updated in place so
that comments and ``min-grade`` survive.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from skillpm.errors import SkillpmError
from skillpm.lockfile import LockEntry
from skillpm.manifest import Requirement
from skillpm.workspace import open_workspace


@dataclass
class InitResult:
    manifest: str
    agents: list[str]
    skills: dict[str, str] = field(default_factory=dict)  # name -> requirement as text
    unmanaged: list[str] = field(default_factory=list)  # skills in agent folders not in the lock
    overwritten: bool = False

    def to_dict(self) -> dict:
        return dict(self.__dict__)


def requirement_from_entry(e: LockEntry) -> Requirement:
    if e.index_id:
        return Requirement(e.name, index_id=e.index_id)
    if e.is_git:
        return Requirement(e.name, git=e.url, path=e.path or None, rev=e.requested)
    folder = e.url.rstrip("/") + ("/" + e.path if e.path else "")
    return Requirement(e.name, path=folder)


def init(*, global_: bool = False, force: bool = False, agents: list[str] | None = None,
         project: Path | None = None) -> InitResult:
    from skillpm.agents import load_agents
    from skillpm.manifest import MANIFEST, save_manifest
    from skillpm.ops.doctor import find_unmanaged
    from skillpm.workspace import Workspace

    ws = open_workspace(global_, project)
    if not global_ and project is None:
        # init makes a project here, even when a parent folder holds one
        here = Path.cwd().resolve()
        ws = Workspace("project", here, here)
    manifest = ws.manifest()
    if manifest.exists and not force:
        raise SkillpmError(f"{ws.state_dir / MANIFEST} already exists",
                           "edit it, or pass --force to rewrite its agents and skills from what is installed")
    lock = ws.lock()
    table = load_agents()
    if agents:
        ids = [a.id for a in table.select(agents)]
    else:
        ids = sorted({a for e in lock.skills.values() for a in e.agents}) or sorted(
            a.id for a in table.detected(ws.root))
    manifest.agents = ids
    manifest.skills = {name: requirement_from_entry(e) for name, e in sorted(lock.skills.items())}
    ws.state_dir.mkdir(parents=True, exist_ok=True)
    save_manifest(manifest)
    return InitResult(str(manifest.path), ids, {n: r.source_text() for n, r in manifest.skills.items()},
                      sorted({u.name for u in find_unmanaged(ws)}), overwritten=manifest.exists)
