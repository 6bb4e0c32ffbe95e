"""How each agent lists installed skills in every session, and what that listing costs (issue 8).

DESIGN §2's "per session" number is the tokens of ``f"{name}: {description}"``. Real agents
wrap that differently: Claude Code cuts long descriptions, Codex adds the SKILL.md path and a
fixed header, most others use an ``<available_skills>`` XML block with a location. The formats
are data (``registry-index/listing-formats.toml``, sources cited there); this module renders
them and counts the result with ``tokens.count_texts``.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from skillpm.errors import SkillpmError

if TYPE_CHECKING:  # pragma: no cover
    from skillpm.skill import Skill


_TEMPLATE_FIELD = re.compile(r"\{(\w+)\}")


@dataclass(frozen=True)
class ListingFormat:
    id: str
    entry: str
    separator: str = "\n"
    header: str = ""
    footer: str = ""
    header_tokens: int = 0  # a fixed text of the agent's, counted rather than reproduced
    footer_tokens: int = 0
    single_line: bool = False
    escape: str | None = None  # "xml"
    description_max_chars: int | None = None
    over_limit: str = "truncate"  # "truncate" | "skip"
    truncation_mark: str = "…"


@dataclass(frozen=True)
class ListingFormats:
    formats: dict[str, ListingFormat]
    agents: dict[str, str]  # agent id → format id
    default: str

    def for_agent(self, agent_id: str) -> ListingFormat:
        return self.formats[self.agents.get(agent_id, self.default)]


@dataclass
class Entry:
    """One skill's line in one agent's listing."""

    agent: str
    format: str
    text: str  # "" when skipped
    tokens: int  # the entry and its separator: what adding this skill adds to every session
    truncated: bool = False
    skipped: bool = False  # the agent refuses the skill (e.g. Codex: description over 1,024 characters)

    def to_dict(self) -> dict:
        return {"agent": self.agent, "format": self.format, "tokens": self.tokens,
                "truncated": self.truncated, "skipped": self.skipped}


_FIELDS = {f for f in ListingFormat.__dataclass_fields__ if f != "id"}
_TYPES = {"entry": str, "separator": str, "header": str, "footer": str, "header_tokens": int, "footer_tokens": int,
          "single_line": bool, "escape": str, "description_max_chars": int, "over_limit": str, "truncation_mark": str}


def load_listing_formats(path: Path | None = None) -> ListingFormats:
    """Read ``listing-formats.toml`` from the shipped index; a malformed file names the key."""
    from skillpm.config import load_toml
    from skillpm.paths import shipped_index_dir

    path = path or shipped_index_dir() / "listing-formats.toml"
    data = load_toml(path, "listing formats")
    hint = f"fix {path} (its header comment describes every key) or reinstall skillpm"
    formats: dict[str, ListingFormat] = {}
    for fid, raw in (data.get("format") or {}).items():
        if not isinstance(raw, dict) or "entry" not in raw:
            raise SkillpmError(f"listing format {fid!r} in {path} has no entry template", hint)
        for key, value in raw.items():
            if key not in _FIELDS or not isinstance(value, _TYPES[key]) or (_TYPES[key] is int and isinstance(value, bool)):
                raise SkillpmError(f"listing format {fid!r} in {path}: bad key or value {key} = {value!r}", hint)
        if raw.get("over_limit", "truncate") not in ("truncate", "skip") or raw.get("escape") not in (None, "xml"):
            raise SkillpmError(f"listing format {fid!r} in {path}: unknown over_limit or escape", hint)
        formats[fid] = ListingFormat(id=fid, **raw)
    agents = data.get("agents") or {}
    default = data.get("default")
    for fid in [default, *agents.values()]:
        if fid not in formats:
            raise SkillpmError(f"{path} refers to listing format {fid!r}, which it does not define", hint)
    return ListingFormats(formats, dict(agents), default)


def _xml_escape(text: str) -> str:
    import html

    return html.escape(text)  # what skills-ref's to_prompt uses: & < > " '


def render_entry(fmt: ListingFormat, name: str, description: str, location: str) -> tuple[str | None, bool]:
    """(the entry's text or None if the agent skips the skill, whether the description was cut)."""
    if fmt.single_line:
        name, description = (" ".join(s.split()) for s in (name, description))
    truncated = False
    limit = fmt.description_max_chars
    if limit is not None and len(description) > limit:
        if fmt.over_limit == "skip":
            return None, False
        description = description[:limit - len(fmt.truncation_mark)] + fmt.truncation_mark
        truncated = True
    if fmt.escape == "xml":
        name, description, location = (_xml_escape(s) for s in (name, description, location))
    values = {"name": name, "description": description, "location": location}
    # one pass over the template only: a description may itself hold "{location}" or braces
    text = _TEMPLATE_FIELD.sub(lambda m: values.get(m.group(1), m.group(0)), fmt.entry)
    return text, truncated


def skill_location(skill_name: str, agent_id: str, scope: str, scope_root: Path, table=None) -> str:
    """Absolute path of the skill's SKILL.md in the agent's folder, '/'-separated (as the agents print it)."""
    from skillpm.agents import canonical_folder, load_agents

    table = table or load_agents()
    folder = table.get(agent_id).folder(scope, Path(scope_root)) or canonical_folder(scope, Path(scope_root))
    return os.path.abspath(folder / skill_name / "SKILL.md").replace("\\", "/")


def skill_session_cost_by_agent(skills: list[Skill], agent_ids: list[str], scope_root: Path,
                                scope: str = "project", relative_locations: bool = False) -> dict[str, list[Entry]]:
    """Per agent, each skill's entry and what it adds to every session (entry + separator tokens).

    ``relative_locations`` writes locations relative to the scope root ("~/" for the user scope)
    instead of the absolute path the agent prints: a few tokens fewer, but the same skill then
    costs the same in every project, so its count comes from the cache instead of loading the
    tokenizer (``add``'s summary uses it; ``cost`` and ``cost --budget`` stay exact).
    """
    from skillpm.agents import load_agents
    from skillpm.tokens import count_texts

    formats = load_listing_formats()
    table = load_agents()
    plan: list[tuple[str, ListingFormat, str | None, bool]] = []
    for agent_id in agent_ids:
        fmt = formats.for_agent(agent_id)
        for skill in skills:
            location = skill_location(skill.name, agent_id, scope, scope_root, table)
            if relative_locations:
                rel = os.path.relpath(location, os.path.abspath(scope_root)).replace("\\", "/")
                location = ("~/" if scope == "global" else "") + rel
            text, truncated = render_entry(fmt, skill.name, skill.description, location)
            plan.append((agent_id, fmt, text, truncated))
    counts = iter(count_texts([text + fmt.separator for _, fmt, text, _ in plan if text is not None]))
    result: dict[str, list[Entry]] = {a: [] for a in agent_ids}
    for agent_id, fmt, text, truncated in plan:
        if text is None:
            result[agent_id].append(Entry(agent_id, fmt.id, "", 0, skipped=True))
        else:
            result[agent_id].append(Entry(agent_id, fmt.id, text, next(counts), truncated))
    return result


def listing_text(fmt: ListingFormat, entries: list[str]) -> str:
    """The agent's whole listing (without any fixed text given only as a token count)."""
    return fmt.header + fmt.separator.join(entries) + fmt.footer if entries else ""


def session_cost_by_agent(skills: list[Skill], agent_ids: list[str], scope_root: Path,
                          scope: str = "project") -> dict[str, int]:
    """Per agent, the tokens its skill listing of ``skills`` puts into every session, fixed text included.

    An agent that lists none of them (no skills, or every one skipped) pays nothing: agents
    leave the whole section out when it would be empty.
    """
    from skillpm.tokens import count_texts

    formats = load_listing_formats()
    per_skill = skill_session_cost_by_agent(skills, agent_ids, scope_root, scope)
    texts = []
    for agent_id in agent_ids:
        fmt = formats.for_agent(agent_id)
        texts.append(listing_text(fmt, [e.text for e in per_skill[agent_id] if not e.skipped]))
    totals = {}
    for agent_id, text, count in zip(agent_ids, texts, count_texts(texts)):
        fmt = formats.for_agent(agent_id)
        totals[agent_id] = count + fmt.header_tokens + fmt.footer_tokens if text else 0
    return totals


def template_fields(fmt: ListingFormat) -> set[str]:
    """The placeholders an entry template uses (for checking the data file)."""
    return set(_TEMPLATE_FIELD.findall(fmt.entry))
