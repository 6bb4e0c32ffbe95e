"""``skillpm list``: what the lock says is installed, and whether the disk agrees."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from skillpm.workspace import open_workspace


@dataclass
class ListedSkill:
    name: str
    source: str
    path: str
    commit: str | None
    hash: str
    grade: str | None
    tokens: dict
    agents: list[str]
    status: str  # "ok" | "modified" | "missing" | "unreadable" (worst over its folders)
    folders: list[dict]

    def to_dict(self) -> dict:
        return dict(self.__dict__)


def list_skills(global_: bool = False, project: Path | None = None, check: bool = True) -> list[ListedSkill]:
    from skillpm.ops.verify import check_entry

    ws = open_workspace(global_, project)
    lock = ws.lock()
    out = []
    order = ["ok", "missing", "modified", "unreadable"]
    for name in sorted(lock.skills):
        e = lock.skills[name]
        folders = []
        status = "ok"
        if check:
            for d in check_entry(e, ws):
                folders.append({"folder": d.folder, "agents": d.agents, "state": d.state})
                if order.index(d.state) > order.index(status):
                    status = d.state
        out.append(ListedSkill(e.name, e.source, e.path, e.commit, e.hash, e.grade, e.tokens, e.agents,
                               status if check else "unchecked", folders))
    return out
