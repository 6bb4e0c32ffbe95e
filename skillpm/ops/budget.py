"""``skillpm cost --budget``: what the whole installed set costs each agent, every session.

For each agent, the skills it actually sees: every folder with a SKILL.md in its skills folder
for this scope and, for a project, in its user-level folder too (agents read both), whether
skillpm installed them or not. Their listing is rendered in the agent's own format
(``skillpm.listing``: Claude Code's ``name: description`` lines cut at 1,536 characters,
Codex's header and paths, the XML block of most others) and counted with o200k_base; the
generic DESIGN §2 number (tokens of ``name: description`` summed) is given beside it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from skillpm.workspace import open_workspace

FALLBACK_AGENTS = ["claude-code", "codex"]  # when none is named, recorded or detected


@dataclass
class AgentBudget:
    agent: str
    name: str
    folders: list[dict]  # {"folder", "scope", "skills"}
    skills: list[str]
    session: int  # tokens the agent's own listing of these skills adds to every session
    generic: int  # sum of tokens of "name: description" (DESIGN §2)
    truncated: list[str] = field(default_factory=list)  # descriptions the agent cuts
    skipped: list[str] = field(default_factory=list)  # skills the agent refuses to list
    unreadable: list[str] = field(default_factory=list)  # folders that are not loadable skills
    price_per_session: dict[str, str] = field(default_factory=dict)  # model -> USD (5 decimals)

    def to_dict(self) -> dict:
        return dict(self.__dict__)


@dataclass
class BudgetReport:
    scope: str
    agents_from: str  # "--agent" | "manifest" | "lock" | "detected" | "fallback"
    agents: list[AgentBudget]
    note: str

    def to_dict(self) -> dict:
        return {"scope": self.scope, "agents_from": self.agents_from, "agents": [a.to_dict() for a in self.agents],
                "tokenizer": "o200k_base", "note": self.note}


def choose_budget_agents(agent_ids: list[str] | None, ws) -> tuple[list[str], str]:
    from skillpm.agents import load_agents

    table = load_agents()
    if agent_ids:
        return [a.id for a in table.select(agent_ids)], "--agent"
    manifest = ws.manifest()
    if manifest.agents:
        return [a.id for a in table.select(manifest.agents)], "manifest"
    locked = sorted({a for e in ws.lock().skills.values() for a in e.agents if a in table.agents})
    if locked:
        return locked, "lock"
    found = table.detected(ws.root)
    if found:
        return sorted(a.id for a in found), "detected"
    return list(FALLBACK_AGENTS), "fallback"


def _skills_in(folder: Path) -> tuple[list, list[str]]:
    """(loadable skills, unreadable folder names) in one agent skills folder."""
    from skillpm.errors import SkillpmError
    from skillpm.skill import inspect_skill

    skills, bad = [], []
    if not folder.is_dir():
        return skills, bad
    for child in sorted(folder.iterdir()):
        if child.name.startswith(".") or not child.is_dir():
            continue
        try:
            if not any(p.name.lower() == "skill.md" for p in child.iterdir()):
                continue
            skill = inspect_skill(child)
        except (SkillpmError, OSError):
            bad.append(str(child))
            continue
        if skill.errors:
            bad.append(str(child))
        else:
            skills.append(skill)
    return skills, bad


def budget(agent_ids: list[str] | None = None, *, global_: bool = False, project: Path | None = None) -> BudgetReport:
    from skillpm.agents import load_agents
    from skillpm.listing import listing_text, load_listing_formats, skill_session_cost_by_agent
    from skillpm.tokens import TOKENIZER_NOTE, count_texts, price_rows, session_text

    ws = open_workspace(global_, project)
    ids, source = choose_budget_agents(agent_ids, ws)
    table = load_agents()
    formats = load_listing_formats()
    scopes = [ws.scope] if ws.scope == "global" else ["project", "global"]
    report = BudgetReport(ws.scope, source, [], TOKENIZER_NOTE)
    for agent_id in ids:
        agent = table.get(agent_id)
        fmt = formats.for_agent(agent_id)
        entries, names, generic_texts, folders, unreadable = [], [], [], [], []
        truncated, skipped = [], []
        seen = set()
        for scope in scopes:
            folder = agent.folder(scope, ws.root)
            if folder is None:
                continue
            key = os.path.realpath(folder)
            if key in seen:  # e.g. a user folder that is also the project folder
                continue
            seen.add(key)
            skills, bad = _skills_in(folder)
            unreadable += bad
            folders.append({"folder": str(folder), "scope": scope, "skills": len(skills)})
            if not skills:
                continue
            for skill, e in zip(skills, skill_session_cost_by_agent(skills, [agent_id], ws.root, scope)[agent_id]):
                names.append(skill.name)
                generic_texts.append(session_text(skill))
                if e.skipped:
                    skipped.append(skill.name)
                    continue
                if e.truncated:
                    truncated.append(skill.name)
                entries.append(e.text)
        text = listing_text(fmt, entries)
        counts = count_texts([text, *generic_texts]) if (text or generic_texts) else [0]
        session = counts[0] + fmt.header_tokens + fmt.footer_tokens if text else 0
        b = AgentBudget(agent_id, agent.name, folders, names, session, sum(counts[1:]), truncated, skipped,
                        unreadable, dict(price_rows(session)))
        report.agents.append(b)
    return report
