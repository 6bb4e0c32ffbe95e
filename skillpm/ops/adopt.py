"""``skillpm adopt``: bring skill folders skillpm did not write into the lock, as they are.

Nothing is written into agent folders: the folder's bytes are read, costed and
scanned, and recorded with source ``path:<folder>`` and the agents whose folder
it sits in. From then on ``verify`` notices edits and ``install`` restores it.
The same code as ``add`` does the recording (``plan_candidates`` → ``apply_plan``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from skillpm.errors import SkillpmError
from skillpm.workspace import open_workspace


@dataclass
class AdoptResult:
    adopted: list[dict] = field(default_factory=list)  # name, folders, agents, hash, grade, tokens
    skipped: list[dict] = field(default_factory=list)  # name, reason

    def to_dict(self) -> dict:
        return dict(self.__dict__)


def _choose_agents(readers: list[str], manifest_agents: list[str], detected: set[str],
                   given: list[str] | None = None) -> list[str]:
    """Of the agents reading a folder: the ones named, else the manifest's, else the detected, else all."""
    if given:
        return [a for a in readers if a in given]
    for pool in (set(manifest_agents), detected):
        mine = [a for a in readers if a in pool]
        if mine:
            return mine
    return list(readers)


def adopt(names: list[str] | None = None, *, all_: bool = False, global_: bool = False,
          agents: list[str] | None = None, project: Path | None = None) -> AdoptResult:
    from skillpm.agents import load_agents
    from skillpm.hashing import read_tree
    from skillpm.ops.add import apply_plan, plan_candidates
    from skillpm.ops.doctor import find_unmanaged
    from skillpm.skill import skill_from_tree
    from skillpm.sources import Candidate, SourceSpec

    if not names and not all_:
        raise SkillpmError("name the skills to adopt, or pass --all", "`skillpm doctor` lists unmanaged skills")
    ws = open_workspace(global_, project)
    found = find_unmanaged(ws)
    by_name: dict[str, list] = {}
    for u in found:
        by_name.setdefault(u.name, []).append(u)
    result = AdoptResult()
    wanted = sorted(by_name) if all_ and not names else list(dict.fromkeys(names or []))
    missing = [n for n in wanted if n not in by_name]
    if missing:
        have = ", ".join(sorted(by_name)) or "none"
        raise SkillpmError(f"no unmanaged skill named {', '.join(missing)} in this scope's agent folders",
                           f"unmanaged skills here: {have}")
    manifest = ws.manifest()
    table = load_agents()
    detected = {a.id for a in table.detected(ws.root)}
    given = [a.id for a in table.select(agents)] if agents else None
    cands, agents_of = [], {}
    for name in wanted:
        copies = by_name[name]
        if any(u.locked_elsewhere for u in copies):
            result.skipped.append({"name": name, "reason": "a skill of this name is already locked; "
                                   f"`skillpm add` it for {copies[0].agents[0]} instead"})
            continue
        trees = [(u, read_tree(u.folder)) for u in copies]
        hashes = {t.h1 for _u, t in trees}
        if len(hashes) > 1:
            raise SkillpmError(f"the copies of {name} differ: " + ", ".join(f"{u.folder} ({t.h1[:15]}…)" for u, t in trees),
                               "delete or align all but one copy, then adopt again")
        u0, tree = trees[0]
        skill = skill_from_tree(tree, name, "lenient", origin=str(u0.folder))
        spec = SourceSpec("local", str(u0.folder), text=str(u0.folder))
        cands.append(Candidate(skill, spec, ""))
        agents_of[name] = sorted({a for u in copies for a in _choose_agents(u.agents, manifest.agents, detected, given)})
        if not agents_of[name]:
            raise SkillpmError(f"none of {', '.join(given or [])} reads the folder{'s' if len(copies) > 1 else ''} "
                               f"holding {name}: " + ", ".join(str(u.folder) for u in copies),
                               "readers of that folder: " + ", ".join(sorted({a for u in copies for a in u.agents})))
    if not cands:
        return result
    # One plan per agent set: plan_candidates records one agent list for all its candidates.
    groups: dict[tuple[str, ...], list] = {}
    for c in cands:
        groups.setdefault(tuple(agents_of[c.name]), []).append(c)
    for agent_ids, group in groups.items():
        # force: the folders are already there and are exactly these bytes; nothing gets overwritten.
        plan = plan_candidates(group, ws, agent_ids=list(agent_ids), link=False, force=True, assume_yes=True)
        changed = [p for s in plan.skills for p in s.placements if p.action != "unchanged"]
        if changed:  # cannot happen: every target folder holds these bytes
            raise SkillpmError(f"adopting would write {changed[0].dest}", "report this as a bug")
        apply_plan(plan, accept_asked=True)
        for s in plan.skills:
            result.adopted.append({"name": s.name, "folders": [str(p.dest) for p in s.placements],
                                   "agents": s.entry.agents, "source": s.entry.source, "hash": s.entry.hash,
                                   "grade": s.scan.grade, "tokens": dict(s.entry.tokens)})
    return result
