"""``skillpm info ID|NAME``: the catalogue page of one index entry, without downloading the skill."""

from __future__ import annotations

from dataclasses import dataclass, field

from skillpm.index.format import Entry


@dataclass
class InfoResult:
    entry: Entry
    index: str
    index_commit: str | None
    prices: list[dict] = field(default_factory=list)  # model, per_session, once_invoked (USD strings)
    original: dict | None = None  # the entry this one is a near-copy of: id, grade, first_seen
    installs: list[dict] = field(default_factory=list)  # folder, agents, command

    def to_dict(self) -> dict:
        e = self.entry
        return {"id": e.id, "name": e.name, "description": e.description, "repo": e.repo, "path": e.path,
                "license": e.license, "created": e.created, "first_seen": e.first_seen,
                "index": self.index, "index_commit": self.index_commit,
                "latest": e.latest.to_dict() if e.latest else None, "prices": self.prices,
                "versions": [{k: v.to_dict()[k] for k in ("commit", "tree", "h1", "first_seen", "last_seen",
                                                            "lines", "tokens", "grade")
                              if k in v.to_dict()} for v in e.versions],
                "originality": {**e.original, **({"original": self.original} if self.original else {})},
                "install": self.installs}


def info(ref: str, index_url: str | None = None) -> InfoResult:
    from skillpm.index import open_index

    idx = open_index(index_url)
    entry = idx.resolve(ref)
    res = InfoResult(entry, idx.url, idx.commit)
    v = entry.latest
    if v is not None and v.tokens:
        res.prices = _prices(v.tokens)
    of = entry.original.get("of")
    if of:
        orig = idx.get(of)
        res.original = ({"id": of, "grade": orig.grade, "first_seen": orig.first_seen, "created": orig.created,
                         "repo": orig.repo} if orig else {"id": of})
    res.installs = _installs(entry.id)
    return res


def _prices(tokens: dict) -> list[dict]:
    try:
        from skillpm.tokens import price_rows
    except ImportError:  # pragma: no cover - tokens ships with skillpm
        return []
    session = dict(price_rows(int(tokens.get("session", 0))))
    invoke = dict(price_rows(int(tokens.get("invoke", 0))))
    return [{"model": m, "per_session": session[m], "once_invoked": invoke.get(m, "")} for m in session]


POPULAR = ["claude-code", "codex", "cursor", "github-copilot", "gemini-cli", "windsurf", "opencode", "cline"]


def _installs(skill_id: str) -> list[dict]:
    """One command per distinct project skills folder, naming the agents that read it."""
    from skillpm.agents import load_agents

    by_folder: dict[str, list[str]] = {}
    for a in load_agents().agents.values():
        by_folder.setdefault(a.project, []).append(a.id)
    out = []

    def rank(kv):  # the most used agents first, then folders shared by many agents
        known = [POPULAR.index(a) for a in kv[1] if a in POPULAR]
        return (min(known) if known else len(POPULAR), -len(kv[1]), kv[0])

    for folder, ids in sorted(by_folder.items(), key=rank):
        ids = sorted(ids, key=lambda a: (POPULAR.index(a) if a in POPULAR else len(POPULAR), a))
        out.append({"folder": folder, "agents": ids, "command": f"skillpm add {skill_id} --agent {ids[0]}"})
    return out
