"""``skillpm update [NAME…]``: move skills to what their requirement names today, after a reviewed diff.

``plan_update`` resolves each requirement again and describes, per skill, what would
change (tokens ±, grade before → after, findings added and removed, files added,
removed and changed, a unified diff of SKILL.md). Nothing is written until
``apply_update``. Local edits are never overwritten without ``force``; with
``keep_local`` an edited skill stays as it is and only the others move.
"""

from __future__ import annotations

import difflib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from skillpm.errors import SkillpmError
from skillpm.lockfile import LockEntry
from skillpm.workspace import Workspace


@dataclass
class SkillChange:
    name: str
    status: str  # "update" | "unchanged" | "kept-local"
    old: LockEntry
    new: LockEntry | None = None
    tokens_before: dict = field(default_factory=dict)
    tokens_after: dict = field(default_factory=dict)
    grade_before: str | None = None
    grade_after: str | None = None
    findings_added: list[dict] = field(default_factory=list)
    findings_removed: list[dict] = field(default_factory=list)
    files_added: list[str] = field(default_factory=list)
    files_removed: list[str] = field(default_factory=list)
    files_changed: list[str] = field(default_factory=list)
    skill_md_diff: str = ""
    local_edits: list[str] = field(default_factory=list)  # "folder: changed a, b" lines
    plan: object = None  # ops.add.AddPlan for this skill

    def token_delta(self, key: str) -> int:
        return self.tokens_after.get(key, 0) - self.tokens_before.get(key, 0)

    def to_dict(self) -> dict:
        return {"name": self.name, "status": self.status,
                "from": {"commit": self.old.commit, "hash": self.old.hash},
                "to": {"commit": self.new.commit, "hash": self.new.hash} if self.new else None,
                "tokens_before": self.tokens_before, "tokens_after": self.tokens_after,
                "tokens_delta": {k: self.token_delta(k) for k in ("session", "invoke", "resources")},
                "grade_before": self.grade_before, "grade_after": self.grade_after,
                "findings_added": self.findings_added, "findings_removed": self.findings_removed,
                "files_added": self.files_added, "files_removed": self.files_removed,
                "files_changed": self.files_changed, "skill_md_diff": self.skill_md_diff,
                "local_edits": self.local_edits}


@dataclass
class UpdatePlan:
    workspace: Workspace
    changes: list[SkillChange]

    @property
    def updates(self) -> list[SkillChange]:
        return [c for c in self.changes if c.status == "update"]

    @property
    def needs_question(self) -> list[SkillChange]:
        return [c for c in self.updates if c.plan.needs_question]

    def to_dict(self) -> dict:
        return {"skills": [c.to_dict() for c in self.changes]}


def _candidate(entry: LockEntry, ws: Workspace, offline: bool):
    """What the skill's requirement names today (the manifest's, else the lock's source and ref)."""
    from skillpm.ops.resolve import resolve_requirement
    from skillpm.sources import SourceSpec, resolve_source

    req = ws.manifest().skills.get(entry.name)
    if req is not None:
        cands = resolve_requirement(req, offline=offline, base=ws.state_dir)
    elif entry.is_git:
        cands = resolve_source(SourceSpec("git", entry.url, entry.requested, entry.path, entry.url), offline=offline)
    else:
        base = Path(entry.url)
        base = base if base.is_absolute() else ws.state_dir / base
        cands = resolve_source(SourceSpec("local", str(base / entry.path if entry.path else base), text=entry.url))
    named = [c for c in cands if c.name == entry.name]
    if not named:
        raise SkillpmError(f"{entry.source}{'/' + entry.path if entry.path else ''} no longer holds a skill named "
                           f"{entry.name!r}", f"remove it with `skillpm remove {entry.name}`, or fix its source")
    return named[0]


def _old_tree(entry: LockEntry, ws: Workspace, offline: bool):
    """The locked bytes: an intact installed copy, else the store, else the source at the locked commit."""
    from skillpm.deploy import inspect_folder
    from skillpm.hashing import read_tree
    from skillpm.ops.install import fetch_locked_tree
    from skillpm.ops.verify import entry_folders

    for folder, _agents, _canon in entry_folders(entry, ws):
        st = inspect_folder(folder)
        if st.exists and not st.error and st.h1 == entry.hash:
            return read_tree(folder)
    try:
        return fetch_locked_tree(entry, ws, offline=offline)
    except SkillpmError:
        return None


def _finding_key(f) -> tuple:
    # Line numbers shift with every edit above a finding; rule + file + text identify it.
    return (f.rule, f.file, (getattr(f, "text", "") or "").strip())


def _finding_dict(f) -> dict:
    return {"rule": f.rule, "severity": getattr(f, "severity", ""), "file": f.file, "line": getattr(f, "line", 0),
            "text": getattr(f, "text", ""), "message": getattr(f, "message", "")}


def diff_findings(before: list, after: list) -> tuple[list[dict], list[dict]]:
    """(added, removed) findings, compared as multisets of (rule, file, text)."""
    b, a = Counter(_finding_key(f) for f in before), Counter(_finding_key(f) for f in after)
    added_keys, removed_keys = a - b, b - a
    added, removed = [], []
    for f in after:
        if added_keys[_finding_key(f)] > 0:
            added_keys[_finding_key(f)] -= 1
            added.append(_finding_dict(f))
    for f in before:
        if removed_keys[_finding_key(f)] > 0:
            removed_keys[_finding_key(f)] -= 1
            removed.append(_finding_dict(f))
    return added, removed


def skill_md_diff(name: str, old_files: dict[str, bytes], new_files: dict[str, bytes]) -> str:
    def md(files):
        key = next((k for k in files if k.lower() == "skill.md"), None)
        return files[key].decode("utf-8", "replace").splitlines(keepends=True) if key else []

    lines = difflib.unified_diff(md(old_files), md(new_files), f"a/{name}/SKILL.md", f"b/{name}/SKILL.md")
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


def plan_update(names: list[str] | None = None, *, global_: bool = False, force: bool = False,
                keep_local: bool = False, offline: bool = False, min_grade: str | None = None,
                project: Path | None = None) -> UpdatePlan:
    from skillpm import scan as scanner
    from skillpm.config import user_config
    from skillpm.ops.add import plan_candidates
    from skillpm.ops.remove import select_entries
    from skillpm.ops.verify import check_entry
    from skillpm.workspace import open_workspace

    if force and keep_local:
        raise SkillpmError("--force and --keep-local contradict each other", "pass one of them")
    ws = open_workspace(global_, project)
    lock = ws.lock()
    if not lock.skills:
        raise SkillpmError("no skills are locked here", "add one with `skillpm add SOURCE`")
    suppress = user_config().get("suppress", [])
    changes: list[SkillChange] = []
    conflicts: list[str] = []
    for entry in select_entries(lock, names):
        cand = _candidate(entry, ws, offline)
        change = SkillChange(entry.name, "unchanged", entry)
        changes.append(change)
        if cand.skill.tree.h1 == entry.hash:
            continue
        edits = []
        from skillpm.deploy import inspect_folder

        for d in check_entry(entry, ws):
            # A folder that already holds exactly the new bytes is an update cut short (a killed run),
            # not a local edit: running update again finishes it (crash trials found this).
            if d.state == "modified" and inspect_folder(Path(d.folder)).h1 == cand.skill.tree.h1:
                continue
            if d.state in ("modified", "unreadable"):
                parts = [f"{k} {', '.join(v)}" for k, v in (("changed", d.changed), ("added", d.added),
                                                            ("removed", d.removed)) if v]
                edits.append(f"{d.folder}: " + ("; ".join(parts) or d.detail))
        change.local_edits = edits
        if edits and keep_local:
            change.status = "kept-local"
            continue
        if edits and not force:
            conflicts += edits
            continue
        plan = plan_candidates([cand], ws, agent_ids=list(entry.agents), link=entry.link, force=force,
                               min_grade=min_grade, assume_yes=False)
        (ps,) = plan.skills
        change.status, change.plan, change.new = "update", plan, ps.entry
        old_tree = _old_tree(entry, ws, offline)
        change.tokens_before = dict(entry.tokens)
        if not change.tokens_before and old_tree is not None:
            from skillpm.skill import skill_from_tree
            from skillpm.tokens import skill_cost

            c = skill_cost(skill_from_tree(old_tree, entry.name, "lenient"))
            change.tokens_before = {"session": c.session, "invoke": c.invoke, "resources": c.resources}
        change.tokens_after = dict(ps.entry.tokens)
        change.grade_before, change.grade_after = entry.grade, ps.scan.grade
        old_findings = scanner.scan_tree(old_tree, suppressions=suppress).findings if old_tree is not None else []
        change.findings_added, change.findings_removed = diff_findings(old_findings, ps.scan.findings)
        new_digests = ps.entry.files
        change.files_added = sorted(set(new_digests) - set(entry.files))
        change.files_removed = sorted(set(entry.files) - set(new_digests))
        change.files_changed = sorted(p for p in set(entry.files) & set(new_digests) if entry.files[p] != new_digests[p])
        if old_tree is not None:
            change.skill_md_diff = skill_md_diff(entry.name, old_tree.files, cand.skill.tree.files)
    if conflicts:
        raise SkillpmError("local edits would be overwritten by the update",
                           "keep them with --keep-local (the edited skill stays as it is), or pass --force to "
                           "replace them with the new upstream bytes", details=conflicts)
    return UpdatePlan(ws, changes)


@dataclass
class UpdateResult:
    plan: UpdatePlan
    written: list[str]

    def to_dict(self) -> dict:
        return {**self.plan.to_dict(), "updated": [c.name for c in self.plan.updates], "written": self.written}


def apply_update(plan: UpdatePlan, *, accept_asked: bool = False) -> UpdateResult:
    from skillpm.ops.add import apply_plan

    written: list[str] = []
    for change in plan.updates:
        res = apply_plan(change.plan, accept_asked=accept_asked, save_manifest=False)
        written += res.written
    return UpdateResult(plan, written)
