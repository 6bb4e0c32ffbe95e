"""``skillpm install``: make every agent folder hold exactly what the lock says.

Bytes come from the content-addressed store when present (no network at all),
else from the source at the locked commit; either way the h1 is checked against
the lock before anything is written. ``--frozen`` never changes the lock.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from skillpm.deploy import inspect_folder, place_copy, place_link
from skillpm.fsutil import clean_leftovers
from skillpm.errors import IntegrityError, SkillpmError
from skillpm.hashing import Tree
from skillpm.lockfile import LockEntry
from skillpm.workspace import Workspace, open_workspace


def fetch_locked_tree(entry: LockEntry, ws: Workspace, offline: bool = False) -> Tree:
    """The exact bytes of a lock entry: from the store, else from its source; verified."""
    from skillpm import store

    tree = store.get(entry.hash)
    if tree is not None:
        return tree
    if entry.is_git:
        if not entry.commit:
            raise SkillpmError(f"lock entry {entry.name!r} has no commit", "run `skillpm add` again for it")
        from skillpm.sources import ensure_commit, tree_from_git

        git_dir = ensure_commit(entry.url, entry.commit, offline=offline)
        tree = tree_from_git(git_dir, entry.commit, entry.path)
    else:
        from skillpm.hashing import read_tree

        base = Path(entry.url)
        if not base.is_absolute():
            base = ws.state_dir / base
        folder = base / entry.path if entry.path else base
        if not folder.is_dir():
            raise SkillpmError(f"local source of {entry.name!r} is gone: {folder}",
                               "restore the folder, or remove the skill and add it again")
        tree = read_tree(folder)
    if tree.h1 != entry.hash:
        src = f"{entry.source}{'/' + entry.path if entry.path else ''}"
        raise IntegrityError(f"{entry.name}: bytes from {src} hash to {tree.h1}, but the lock says {entry.hash}",
                             "the source changed under the same commit or path; nothing was installed. "
                             "Review it, then `skillpm update` the skill deliberately")
    store.put(tree)
    return tree


@dataclass
class InstallResult:
    written: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return dict(self.__dict__)


def lock_drift(ws: Workspace) -> tuple[list[str], list[str]]:
    """(in manifest but not locked, locked but not in manifest); empty when there is no manifest."""
    manifest, lock = ws.manifest(), ws.lock()
    if not manifest.exists:
        return [], []
    missing = sorted(n for n in manifest.skills if n not in lock.skills)
    extra = sorted(n for n in lock.skills if n not in manifest.skills)
    return missing, extra


def install(*, frozen: bool = False, global_: bool = False, force: bool = False, offline: bool = False,
            project: Path | None = None, assume_yes: bool = False, progress=None) -> InstallResult:
    from skillpm.ops.verify import entry_folders

    ws = open_workspace(global_, project)
    result = InstallResult()
    manifest, lock = ws.manifest(), ws.lock()
    if not manifest.exists and not lock.exists:
        raise SkillpmError(f"no skillpm.toml or skillpm.lock in {ws.state_dir}",
                           "run `skillpm add SOURCE` first, or cd into the project")
    missing, extra = lock_drift(ws)
    if frozen and not lock.exists:
        raise SkillpmError("--frozen needs a skillpm.lock, and there is none", "run `skillpm install` without --frozen")
    if frozen and (missing or extra):
        raise SkillpmError("skillpm.lock is out of date with skillpm.toml"
                           + (f": not locked: {', '.join(missing)}" if missing else "")
                           + (f"; locked but not wanted: {', '.join(extra)}" if extra else ""),
                           "run `skillpm install` without --frozen to update the lock, and commit it")
    if missing:
        from skillpm.ops.add import apply_plan, plan_candidates
        from skillpm.ops.resolve import resolve_requirement

        cands = []
        for name in missing:
            cands.extend(resolve_requirement(manifest.skills[name], offline=offline, base=ws.state_dir))
        plan = plan_candidates(cands, ws, agent_ids=[], force=force, assume_yes=assume_yes)
        res = apply_plan(plan, accept_asked=assume_yes, save_manifest=False)
        result.added = [s.name for s in plan.skills]
        result.written += res.written
        lock = ws.lock()
    if extra:
        from skillpm.ops.remove import remove

        remove(extra, global_=global_, force=force, project=project)
        result.removed = extra
        lock = ws.lock()
    with ws.locked():
        lock = ws.lock()
        # Check every folder first: a local edit anywhere stops the run before anything is written.
        todo = []
        for entry in (lock.skills[n] for n in sorted(lock.skills)):
            canon = None
            for folder, _agents, canonical in entry_folders(entry, ws):
                if entry.link and canonical:
                    canon = folder
                clean_leftovers(folder.parent)  # what a killed run left beside it
                st = inspect_folder(folder)
                if entry.link and not canonical:
                    ok = st.is_link and canon is not None and (folder.parent / st.link_target).resolve() == canon.resolve()
                    if ok or (st.exists and not st.is_link and st.h1 == entry.hash):
                        result.unchanged.append(str(folder))
                        continue
                elif st.exists and not st.is_link and st.h1 == entry.hash:
                    result.unchanged.append(str(folder))
                    continue
                if st.exists and not force and not (entry.link and not canonical and st.is_link):
                    added, removed, changed = st.diff(entry.files)
                    raise SkillpmError(f"{folder} differs from the lock (changed: {', '.join(changed[:5]) or '-'}; "
                                       f"added: {', '.join(added[:5]) or '-'}; removed: {', '.join(removed[:5]) or '-'})",
                                       "keep your edits with `skillpm update --keep-local`, or pass --force to "
                                       "restore the locked bytes")
                todo.append((entry, folder, canon if entry.link and not canonical else None))
        trees: dict[str, Tree] = {}
        for entry, folder, link_to in (progress(todo) if progress else todo):  # progress: the CLI's bar
            if link_to is not None:
                place_link(folder, link_to)
            else:
                if entry.name not in trees:
                    trees[entry.name] = fetch_locked_tree(entry, ws, offline=offline)
                place_copy(trees[entry.name], folder)
            result.written.append(str(folder))
    return result

