"""Turning what the user typed (a path, a git URL, owner/repo, an index name) into candidates."""

from __future__ import annotations

from skillpm.errors import SkillpmError
from skillpm.sources import Candidate, SourceSpec, is_local_path, parse_source, pick, resolve_source


def looks_like_index_name(text: str) -> bool:
    t = text.strip()
    if is_local_path(t) or "://" in t or t.startswith("git@") or t.startswith("git+"):
        return False
    return "/" not in t or t.count("/") >= 2


def resolve_text(text: str, *, skills: list[str] | None = None, offline: bool = False,
                 index_url: str | None = None, profile: str = "lenient") -> list[Candidate]:
    """All candidates a source names, filtered by ``--skill``."""
    t = text.strip()
    if looks_like_index_name(t):
        found = _from_index(t, offline=offline, index_url=index_url, profile=profile, must=("/" not in t))
        if found is not None:
            return pick(found, skills or [], text)
    spec = parse_source(t)
    cands = resolve_source(spec, profile=profile, offline=offline)
    return pick(cands, skills or [], spec.display)


def _from_index(text: str, *, offline: bool, index_url: str | None, profile: str, must: bool) -> list[Candidate] | None:
    """Candidates from the registry index; None when ``text`` is not an index id and need not be."""
    try:
        from skillpm import index as index_mod
    except ImportError:  # pragma: no cover - the index ships with skillpm
        if must:
            raise SkillpmError(f"{text!r} is not a path or URL, and no index is available", "give a path or git URL")
        return None
    idx = index_mod.open_index(index_url)
    if not must and idx.get(text) is None:
        return None
    entry = idx.resolve(text)
    version = entry.latest
    tree = index_mod.download_entry(entry, version)
    from skillpm.skill import skill_from_tree

    spec = SourceSpec("git", entry.repo_url, version.commit, entry.path, text, from_user_file=False)
    skill = skill_from_tree(tree, entry.path.rstrip("/").split("/")[-1] or entry.name, profile,
                            origin=f"{entry.id} (index)")
    return [Candidate(skill, spec, entry.path, version.commit, version.tree, index_id=entry.id,
                      extra={"index_url": idx.url, "index_commit": getattr(idx, "commit", None)})]



def resolve_requirement(req, *, offline: bool = False, index_url: str | None = None, base=None) -> list[Candidate]:
    """Candidates for one ``[skills]`` entry of the manifest."""
    from pathlib import Path

    if req.index_id:
        return resolve_text(req.index_id, offline=offline, index_url=index_url)
    if req.git:
        spec = SourceSpec("git", req.git, req.rev, req.path or "", req.git)
    else:
        p = Path(req.path)
        if not p.is_absolute() and base is not None:
            p = Path(base) / p
        spec = SourceSpec("local", str(p), text=req.path)
    cands = resolve_source(spec, offline=offline)
    named = [c for c in cands if c.name == req.name]
    return named or cands
