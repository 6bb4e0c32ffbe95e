"""``skillpm verify``: compare the bytes in every target folder with the lock, offline."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from skillpm.agents import canonical_folder, load_agents, targets_for
from skillpm.deploy import inspect_folder
from skillpm.lockfile import LockEntry
from skillpm.workspace import Workspace, open_workspace


@dataclass
class Drift:
    skill: str
    folder: str
    agents: list[str]
    state: str  # "ok" | "missing" | "modified" | "unreadable"
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    detail: str = ""

    def to_dict(self) -> dict:
        return dict(self.__dict__)


def entry_folders(entry: LockEntry, ws: Workspace) -> list[tuple[Path, list[str], bool]]:
    """(folder, agents, is_canonical_copy) for every place ``entry`` is installed."""
    table = load_agents()
    agents = [table.agents[a] for a in entry.agents if a in table.agents]
    out = [(t.folder / entry.name, t.agents, not entry.link) for t in targets_for(agents, ws.scope, ws.root)]
    if entry.link:
        canon = canonical_folder(ws.scope, ws.root) / entry.name
        out = [(f, a, f == canon) for f, a, _ in out]
        if not any(f == canon for f, _, _ in out):
            out.insert(0, (canon, [], True))
    return out


def check_entry(entry: LockEntry, ws: Workspace) -> list[Drift]:
    drifts = []
    for folder, agents, _canonical in entry_folders(entry, ws):
        st = inspect_folder(folder)
        if not st.exists:
            drifts.append(Drift(entry.name, str(folder), agents, "missing"))
        elif st.error:
            drifts.append(Drift(entry.name, str(folder), agents, "unreadable", detail=st.error))
        elif st.h1 == entry.hash:
            drifts.append(Drift(entry.name, str(folder), agents, "ok"))
        else:
            added, removed, changed = st.diff(entry.files)
            drifts.append(Drift(entry.name, str(folder), agents, "modified", added, removed, changed))
    return drifts


@dataclass
class VerifyResult:
    checks: list[Drift]

    @property
    def problems(self) -> list[Drift]:
        return [d for d in self.checks if d.state != "ok"]

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict:
        return {"ok": self.ok, "checked": len(self.checks), "problems": [d.to_dict() for d in self.problems],
                "checks": [d.to_dict() for d in self.checks]}


def verify(names: list[str] | None = None, global_: bool = False, project: Path | None = None) -> VerifyResult:
    ws = open_workspace(global_, project)
    lock = ws.lock()
    from skillpm.ops.remove import select_entries

    checks = []
    for entry in select_entries(lock, names):
        checks.extend(check_entry(entry, ws))
    return VerifyResult(checks)
