"""``skillpm add``: resolve, cost, scan, plan the writes; then (after the CLI asks) apply them."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from skillpm.agents import Target, canonical_folder, load_agents, targets_for
from skillpm.deploy import DiskState, inspect_folder, place_copy, place_link
from skillpm.errors import PolicyError, SkillpmError
from skillpm.lockfile import Lock, LockEntry
from skillpm.manifest import Manifest, Requirement
from skillpm.sources import Candidate
from skillpm.workspace import Workspace, open_workspace


@dataclass
class Placement:
    target: Target
    dest: Path
    action: str  # "new" | "replace" | "unchanged" | "conflict"
    reason: str = ""
    link_to: Path | None = None  # link mode: where the link points

    def to_dict(self) -> dict:
        return {"folder": str(self.dest), "agents": self.target.agents, "action": self.action,
                "reason": self.reason, "link_to": str(self.link_to) if self.link_to else None}


@dataclass
class PlannedSkill:
    cand: Candidate
    cost: object  # tokens.Cost
    scan: object  # scan.ScanResult
    placements: list[Placement]
    entry: LockEntry
    policy: object  # scan.PolicyDecision

    @property
    def name(self) -> str:
        return self.cand.name

    @property
    def conflicts(self) -> list[Placement]:
        return [p for p in self.placements if p.action == "conflict"]

    def to_dict(self) -> dict:
        from skillpm.tokens import price_rows

        c = self.cost
        return {
            "name": self.name,
            "description": self.cand.skill.description,
            "source": self.cand.source,
            "path": self.cand.path,
            "index_id": self.cand.index_id,
            "commit": self.cand.commit,
            "tree": self.cand.tree_id,
            "hash": self.entry.hash,
            "tokens": {"session": c.session, "invoke": c.invoke, "resources": c.resources},
            "price_per_session": {m: p for m, p in price_rows(c.session)},
            "price_once_invoked": {m: p for m, p in price_rows(c.invoke)},
            "grade": self.scan.grade,
            "rules": self.scan.rules_version,
            "findings": [f.to_dict() for f in self.scan.findings],
            "files": [{"path": p, "size": len(b), "executable": p in self.cand.skill.tree.executables}
                      for p, b in sorted(self.cand.skill.tree.files.items())],
            "warnings": [str(w) for w in self.cand.skill.warnings],
            "placements": [p.to_dict() for p in self.placements],
            "policy": {"action": self.policy.action, "reason": self.policy.reason},
        }


@dataclass
class AddPlan:
    workspace: Workspace
    skills: list[PlannedSkill]
    targets: list[Target]
    agent_ids: list[str]
    link: bool
    force: bool
    requirements: dict[str, Requirement] = field(default_factory=dict)
    index: dict[str, str] = field(default_factory=dict)

    @property
    def conflicts(self) -> list[tuple[PlannedSkill, Placement]]:
        return [(s, p) for s in self.skills for p in s.conflicts]

    @property
    def needs_question(self) -> list[PlannedSkill]:
        return [s for s in self.skills if s.policy.action == "ask"]

    @property
    def refused(self) -> list[PlannedSkill]:
        return [s for s in self.skills if s.policy.action == "refuse"]

    def to_dict(self) -> dict:
        return {"scope": self.workspace.scope, "agents": self.agent_ids, "link": self.link,
                "targets": [{"folder": str(t.folder), "agents": t.agents} for t in self.targets],
                "skills": [s.to_dict() for s in self.skills]}


@dataclass
class AddResult:
    plan: AddPlan
    written: list[str]
    unchanged: list[str]

    def to_dict(self) -> dict:
        return {**self.plan.to_dict(), "written": self.written, "unchanged": self.unchanged,
                "lockfile": str(self.plan.workspace.state_dir / "skillpm.lock")}


def choose_agents(agent_ids: list[str], manifest: Manifest, ws: Workspace) -> list[str]:
    table = load_agents()
    if agent_ids:
        return [a.id for a in table.select(agent_ids)]
    if manifest.agents:
        return [a.id for a in table.select(manifest.agents)]
    found = table.detected(ws.root)
    if not found:
        raise SkillpmError("no agent detected and none given",
                           "name the agents to install for, e.g. --agent claude-code (or -a '*' for all); "
                           "`skillpm agents` lists them")
    return [a.id for a in found]


def _place(name: str, tree_h1: str, targets: list[Target], lock: Lock, force: bool, link: bool,
           ws: Workspace) -> list[Placement]:
    existing = lock.skills.get(name)
    placements = []
    canon = canonical_folder(ws.scope, ws.root) / name if link else None
    folders = [(t, t.folder / name) for t in targets]
    if link and not any(Path(t.folder) == canon.parent for t in targets):
        folders.insert(0, (Target(canon.parent, []), canon))
    for target, dest in folders:
        st: DiskState = inspect_folder(dest)
        link_to = canon if link and dest != canon else None
        if not st.exists:
            placements.append(Placement(target, dest, "new", link_to=link_to))
            continue
        if link_to is not None and st.is_link and Path(dest.parent / (st.link_target or "")).resolve() == canon.resolve():
            placements.append(Placement(target, dest, "unchanged", "link in place", link_to))
            continue
        if st.h1 == tree_h1 and not (link_to is not None and not st.is_link):
            placements.append(Placement(target, dest, "unchanged", link_to=link_to))
            continue
        ours = existing is not None and st.h1 is not None and st.h1 == existing.hash
        if ours:
            placements.append(Placement(target, dest, "replace", f"upgrading from {existing.hash[:15]}…", link_to))
        elif force:
            placements.append(Placement(target, dest, "replace", "overwritten because of --force", link_to))
        else:
            if existing is None:
                why = "exists and was not installed by skillpm"
            elif st.error:
                why = f"is not as skillpm left it ({st.error})"
            else:
                added, removed, changed = st.diff(existing.files)
                parts = [f"{k}: {', '.join(v[:5])}" for k, v in (("changed", changed), ("added", added),
                                                                  ("removed", removed)) if v]
                why = "was edited since it was installed (" + "; ".join(parts) + ")"
            placements.append(Placement(target, dest, "conflict", why, link_to))
    return placements


def requirement_for(c: Candidate, ws: Workspace) -> Requirement:
    if c.index_id:
        return Requirement(c.name, index_id=c.index_id)
    if c.spec.kind == "git":
        return Requirement(c.name, git=c.spec.location, path=c.path or None, rev=c.spec.ref)
    folder = Path(c.spec.location) / c.path if c.path else Path(c.spec.location)
    return Requirement(c.name, path=ws.rel(folder))


def lock_source(c: Candidate, ws: Workspace) -> tuple[str, str]:
    """(source, path) as the lock records them; local folders relative to the project."""
    if c.spec.kind == "git":
        return c.spec.lock_source(), c.path
    return "path:" + ws.rel(Path(c.spec.location)), c.path


def lock_entry_for(c: Candidate, cost, scan, agent_ids: list[str], link: bool, ws: Workspace) -> LockEntry:
    tree = c.skill.tree
    source, path = lock_source(c, ws)
    return LockEntry(name=c.name, source=source, path=path, hash=tree.h1, files=tree.digests(),
                     requested=c.spec.ref if c.spec.kind == "git" else None, commit=c.commit, tree=c.tree_id,
                     executables=sorted(tree.executables), agents=sorted(agent_ids),
                     tokens={"session": cost.session, "invoke": cost.invoke, "resources": cost.resources},
                     grade=scan.grade, rules=scan.rules_version, index_id=c.index_id, link=link)


def check_duplicates(cands: list[Candidate], lock: Lock, force: bool, ws: Workspace) -> None:
    seen: dict[str, Candidate] = {}

    def where_of(c: Candidate) -> str:
        src, path = lock_source(c, ws)
        return src + (f"/{path}" if path else "")

    for c in cands:
        where = where_of(c)
        if c.name in seen:
            o = seen[c.name]
            other = where_of(o)
            if other != where:
                raise SkillpmError(f"two sources give a skill named {c.name!r}: {other} and {where}",
                                   "pick one with --skill, or install them in separate steps")
            continue
        seen[c.name] = c
        e = lock.skills.get(c.name)
        if e and not force:
            locked = f"{e.source}{'/' + e.path if e.path else ''}"
            same_src = (e.index_id and e.index_id == c.index_id) or locked == where
            if not same_src:
                raise SkillpmError(f"skill {c.name!r} is already installed from {locked}; {where} gives another skill of that name",
                                   "remove the installed one first, or pass --force to replace it")


def plan_candidates(cands: list[Candidate], ws: Workspace, *, agent_ids: list[str], link: bool | None = None,
                    force: bool = False, min_grade: str | None = None, assume_yes: bool = False,
                    progress=None) -> AddPlan:
    """Cost, scan and place already-resolved candidates (shared by add, install and update).

    ``progress`` (optional) wraps the per-skill loop, e.g. the CLI's progress bar.
    """
    from skillpm import scan as scanner
    from skillpm.config import user_config
    from skillpm.skill import raise_for_errors
    from skillpm.tokens import skill_cost

    manifest = ws.manifest()
    lock = ws.lock()
    for c in cands:
        raise_for_errors(c.skill)
    check_duplicates(cands, lock, force, ws)
    ids = choose_agents(agent_ids, manifest, ws)
    table = load_agents()
    targets = targets_for(table.select(ids), ws.scope, ws.root)
    link = manifest.link if link is None else link
    min_grade = min_grade or manifest.min_grade or user_config().get("min-grade")
    suppress = user_config().get("suppress", [])
    planned = []
    uniq = {c.name: c for c in cands}
    for c in (progress(list(uniq.values())) if progress else uniq.values()):
        cost = skill_cost(c.skill)
        result = scanner.scan_tree(c.skill.tree, suppressions=suppress)
        decision = scanner.check_policy(result.grade, min_grade=min_grade, force=force, assume_yes=assume_yes)
        agents_for_entry = sorted(set(ids) | set(lock.skills[c.name].agents if c.name in lock.skills else []))
        entry = lock_entry_for(c, cost, result, agents_for_entry, link, ws)
        placements = _place(c.name, entry.hash, targets, lock, force, link, ws)
        planned.append(PlannedSkill(c, cost, result, placements, entry, decision))
    plan = AddPlan(ws, planned, targets, ids, link, force)
    plan.requirements = {c.name: requirement_for(c, ws) for c in uniq.values()}
    for c in uniq.values():
        if c.extra.get("index_url"):
            plan.index = {"url": c.extra["index_url"], **({"commit": c.extra["index_commit"]} if c.extra.get("index_commit") else {})}
    return plan


def plan_add(sources: list[str], *, skills: list[str] | None = None, agents: list[str] | None = None,
             global_: bool = False, link: bool | None = None, force: bool = False, offline: bool = False,
             min_grade: str | None = None, index_url: str | None = None, assume_yes: bool = False,
             project: Path | None = None, select=None, progress=None) -> AddPlan:
    """``select`` (optional) picks among the skills of a multi-skill source when no --skill names them."""
    from skillpm.ops.resolve import resolve_text

    ws = open_workspace(global_, project)
    cands: list[Candidate] = []
    for text in sources:
        cands.extend(resolve_text(text, skills=skills, offline=offline, index_url=index_url))
    if select is not None and not skills and len(cands) > 1:
        cands = select(cands)
    return plan_candidates(cands, ws, agent_ids=agents or [], link=link, force=force, min_grade=min_grade,
                           assume_yes=assume_yes, progress=progress)


def apply_plan(plan: AddPlan, *, accept_asked: bool = False, save_manifest: bool = True) -> AddResult:
    """Write every placement, then the lock and manifest. Refuses conflicts and refused grades."""
    from skillpm import store

    if plan.conflicts:
        s, p = plan.conflicts[0]
        raise SkillpmError(f"{p.dest} {p.reason}", "pass --force to overwrite it (your changes there will be lost)",
                           details=[f"{pp.dest}: {pp.reason}" for _, pp in plan.conflicts])
    if plan.refused:
        raise PolicyError("refusing to install: " + "; ".join(f"{s.name} is graded {s.scan.grade} ({s.policy.reason})"
                                                             for s in plan.refused),
                          "read the findings above; pass --force to install anyway")
    if plan.needs_question and not accept_asked:
        raise PolicyError("installation needs confirmation: " + ", ".join(f"{s.name} is graded {s.scan.grade}"
                                                                         for s in plan.needs_question),
                          "confirm on a terminal, or pass --min-grade C to accept C grades")
    ws = plan.workspace
    written, unchanged = [], []
    with ws.locked():
        lock = ws.lock()  # reread under the lock: another process may have added skills meanwhile
        manifest = ws.manifest()
        # The plan was made before taking the lock: place again against what is on disk now, so a
        # folder another process wrote in between is judged (same bytes → unchanged; other bytes →
        # conflict) rather than silently overwritten.
        check_duplicates([s.cand for s in plan.skills], lock, plan.force, ws)
        from skillpm.fsutil import clean_leftovers

        for folder in {p.dest.parent for s in plan.skills for p in s.placements}:
            clean_leftovers(folder)  # what a killed run left (a set-aside old folder is put back first)
        for s in plan.skills:
            s.placements = _place(s.name, s.entry.hash, plan.targets, lock, plan.force, plan.link, ws)
        if plan.conflicts:
            s, p = plan.conflicts[0]
            raise SkillpmError(f"{p.dest} {p.reason} (changed by another process while this one was planning)",
                               "run the command again to see the new state",
                               details=[f"{pp.dest}: {pp.reason}" for _, pp in plan.conflicts])
        for s in plan.skills:
            tree = s.cand.skill.tree
            store.put(tree)
            for p in s.placements:
                if p.action == "unchanged":
                    unchanged.append(str(p.dest))
                    continue
                if p.link_to is not None:
                    place_link(p.dest, p.link_to)
                else:
                    place_copy(tree, p.dest)
                written.append(str(p.dest))
            old = lock.skills.get(s.name)
            if old is not None:
                s.entry.agents = sorted(set(s.entry.agents) | set(old.agents))
            lock.skills[s.name] = s.entry
            if save_manifest:
                manifest.skills[s.name] = plan.requirements[s.name]
        if save_manifest:
            manifest.agents = sorted(set(manifest.agents) | set(plan.agent_ids))
        if plan.link:
            manifest.link = True
        if plan.index:
            lock.index = dict(plan.index)
        ws.save(manifest if save_manifest else None, lock)
    return AddResult(plan, written, unchanged)
