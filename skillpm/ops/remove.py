"""``skillpm remove``: take skills out of every agent folder, the lock and the manifest."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from skillpm.deploy import inspect_folder, remove_folder
from skillpm.fsutil import clean_leftovers
from skillpm.errors import SkillpmError
from skillpm.lockfile import Lock, LockEntry
from skillpm.workspace import open_workspace


def select_entries(lock: Lock, names: list[str] | None) -> list[LockEntry]:
    if not names:
        return [lock.skills[n] for n in sorted(lock.skills)]
    missing = [n for n in names if n not in lock.skills]
    if missing:
        installed = ", ".join(sorted(lock.skills)) or "none"
        raise SkillpmError(f"not installed: {', '.join(missing)}", f"installed skills: {installed}")
    return [lock.skills[n] for n in names]


@dataclass
class RemoveResult:
    removed: dict[str, list[str]]

    def to_dict(self) -> dict:
        return {"removed": self.removed}


def remove(names: list[str], *, global_: bool = False, force: bool = False, project: Path | None = None) -> RemoveResult:
    from skillpm.ops.verify import entry_folders

    if not names:
        raise SkillpmError("no skill named", "give the names to remove; `skillpm list` shows them")
    ws = open_workspace(global_, project)
    removed: dict[str, list[str]] = {}
    with ws.locked():
        lock = ws.lock()
        manifest = ws.manifest()
        # A remove killed between writing the lock and the manifest left the name only in the
        # manifest: running it again finishes the job instead of saying "not installed".
        unfinished = [n for n in names if n not in lock.skills and n in manifest.skills]
        rest = [n for n in names if n not in unfinished]
        entries = select_entries(lock, rest) if rest else []
        # Check everything first, so a refusal leaves nothing half-removed.
        plan = []
        for entry in entries:
            for folder, _agents, canonical in entry_folders(entry, ws):
                clean_leftovers(folder.parent)  # what an interrupted run left beside it
                st = inspect_folder(folder)
                if not st.exists:
                    continue
                if st.is_link and entry.link and not canonical:
                    plan.append((entry.name, folder))
                    continue
                if st.h1 != entry.hash and not force:
                    raise SkillpmError(f"{folder} was edited since it was installed; not removing it",
                                       "pass --force to remove it anyway (your changes there will be lost)")
                plan.append((entry.name, folder))
        # Links before the canonical copy they point to.
        plan.sort(key=lambda nf: not nf[1].is_symlink())
        for name, folder in plan:
            remove_folder(folder)
            removed.setdefault(name, []).append(str(folder))
        for entry in entries:
            removed.setdefault(entry.name, [])
            del lock.skills[entry.name]
            manifest.skills.pop(entry.name, None)
        if unfinished:
            from skillpm.agents import load_agents, targets_for

            table = load_agents()
            for t in targets_for([table.agents[a] for a in manifest.agents if a in table.agents], ws.scope, ws.root):
                clean_leftovers(t.folder)
        for name in unfinished:
            removed.setdefault(name, [])
            manifest.skills.pop(name, None)
        ws.save(manifest if manifest.exists else None, lock)
    return RemoveResult(removed)
