"""``skillpm cost PATH…``: what each skill under the paths adds to an agent's context, and what it costs.

Per skill: the three counts of DESIGN §2 (per session, once invoked, resources), their price per
model, the scripts (run, not read) with size and mode, binaries skipped, and the per-session cost
in each agent's own listing format (issue 8). Nothing is printed here; the CLI renders the result.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from skillpm.errors import SkillpmError

# When no agent is named, recorded in the manifest, or detected: the two agents whose listing
# format differs from the XML block most agents use.
FALLBACK_AGENTS = ["claude-code", "codex"]


@dataclass
class SkillCost:
    name: str
    path: str
    cost: object  # tokens.Cost
    price_session: list[tuple[str, str]]  # (model, USD with 5 decimals)
    price_invoke: list[tuple[str, str]]
    agents: list[object] = field(default_factory=list)  # listing.Entry, one per agent
    alone: dict[str, int] = field(default_factory=dict)  # agent → whole listing if this were the only skill
    warnings: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        c = self.cost.as_dict()
        return {"name": self.name, "path": self.path,
                "tokens": {"session": c["session"], "invoke": c["invoke"], "resources": c["resources"]},
                "price_per_session": dict(self.price_session), "price_once_invoked": dict(self.price_invoke),
                "session_by_agent": {e.agent: {**e.to_dict(), "listing_if_only_skill": self.alone.get(e.agent)}
                                     for e in self.agents},
                "resource_files": c["resource_files"], "scripts": c["scripts"], "binaries": c["binaries"],
                "warnings": self.warnings}


@dataclass
class CostReport:
    skills: list[SkillCost]
    agents: list[str]
    agents_from: str  # "--agent" | "manifest" | "detected" | "fallback"
    listing_by_agent: dict[str, int]  # every skill above listed together, fixed text included
    note: str

    def to_dict(self) -> dict:
        return {"skills": [s.to_dict() for s in self.skills], "agents": self.agents, "agents_from": self.agents_from,
                "session_listing_by_agent": self.listing_by_agent, "tokenizer": "o200k_base", "note": self.note}


def choose_cost_agents(agent_ids: list[str] | None, project_root: Path) -> tuple[list[str], str]:
    """Agents to price the listing for: given, else the manifest's, else detected, else FALLBACK_AGENTS."""
    from skillpm.agents import load_agents
    from skillpm.manifest import load_manifest

    table = load_agents()
    if agent_ids:
        return [a.id for a in table.select(agent_ids)], "--agent"
    manifest = load_manifest(project_root)
    if manifest.agents:
        return [a.id for a in table.select(manifest.agents)], "manifest"
    found = table.detected(project_root)
    if found:
        return [a.id for a in found], "detected"
    return list(FALLBACK_AGENTS), "fallback"


def cost(paths: list[str], agent_ids: list[str] | None = None, project_root: Path | None = None) -> CostReport:
    """Cost every skill found under ``paths`` (a skill folder or a folder of skills)."""
    from skillpm.listing import session_cost_by_agent, skill_session_cost_by_agent
    from skillpm.skill import inspect_skill, raise_for_errors
    from skillpm.sources import discover_skills
    from skillpm.tokens import TOKENIZER_NOTE, load_prices, price_rows, skill_cost
    from skillpm.workspace import find_project_root

    root = Path(project_root) if project_root is not None else find_project_root()
    skills = []
    for text in paths:
        where = Path(text)
        if not where.exists():
            raise SkillpmError(f"path does not exist: {text}", "give a skill folder or a folder of skills")
        folders = discover_skills(where) if where.is_dir() else []
        if not folders:
            raise SkillpmError(f"no SKILL.md under {text}", "give a folder that holds SKILL.md, or a folder of such folders")
        for folder in folders:
            skill = inspect_skill(folder)
            raise_for_errors(skill)  # a skill no agent can load has no cost to show
            skills.append((str(folder), skill))
    agents, agents_from = choose_cost_agents(agent_ids, root)
    prices = load_prices()
    entries = skill_session_cost_by_agent([s for _, s in skills], agents, root)
    results = []
    for i, (path, skill) in enumerate(skills):
        c = skill_cost(skill)
        mine = [entries[a][i] for a in agents]
        warnings = [str(w) for w in skill.warnings]
        for e in mine:
            if e.skipped:
                warnings.append(f"{e.agent} will not load this skill: its description is over the agent's limit")
            elif e.truncated:
                warnings.append(f"{e.agent} cuts this skill's description in its listing")
        alone = session_cost_by_agent([skill], agents, root)
        results.append(SkillCost(skill.name, path, c, price_rows(c.session, prices), price_rows(c.invoke, prices),
                                 mine, alone, warnings))
    listing = session_cost_by_agent([s for _, s in skills], agents, root)
    return CostReport(results, agents, agents_from, listing, TOKENIZER_NOTE)
