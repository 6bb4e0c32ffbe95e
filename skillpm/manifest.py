"""``skillpm.toml``: what the user asked for (DESIGN §5). Edited with tomlkit so comments survive."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from skillpm.errors import SkillpmError

MANIFEST = "skillpm.toml"
GRADES = "ABCDF"


@dataclass
class Requirement:
    """One entry of ``[skills]``."""

    name: str
    index_id: str | None = None
    git: str | None = None
    path: str | None = None
    rev: str | None = None

    def source_text(self) -> str:
        if self.index_id:
            return self.index_id
        if self.git:
            return self.git + (f"#{self.rev}" if self.rev else "")
        return self.path or ""

    def to_toml(self):
        import tomlkit

        if self.index_id:
            return self.index_id
        t = tomlkit.inline_table()
        if self.git:
            t["git"] = self.git
            if self.path:
                t["path"] = self.path
            if self.rev:
                t["rev"] = self.rev
        else:
            t["path"] = self.path
        return t


@dataclass
class Manifest:
    path: Path
    agents: list[str] = field(default_factory=list)
    min_grade: str | None = None
    link: bool = False
    skills: dict[str, Requirement] = field(default_factory=dict)
    exists: bool = False


def load_manifest(root: Path) -> Manifest:
    from skillpm.config import load_toml

    path = Path(root) / MANIFEST
    m = Manifest(path, exists=path.exists())
    if not m.exists:
        return m
    data = load_toml(path, "manifest")
    agents = data.get("agents", [])
    if not isinstance(agents, list) or not all(isinstance(a, str) for a in agents):
        raise SkillpmError(f"{path}: 'agents' must be a list of agent ids", f"fix {path}")
    m.agents = agents
    mg = data.get("min-grade")
    if mg is not None and (not isinstance(mg, str) or mg.upper() not in GRADES):
        raise SkillpmError(f"{path}: 'min-grade' must be one of A, B, C, D, F", f"fix {path}")
    m.min_grade = mg.upper() if mg else None
    m.link = bool(data.get("link", False))
    skills = data.get("skills", {})
    if not isinstance(skills, dict):
        raise SkillpmError(f"{path}: [skills] must be a table", f"fix {path}")
    for name, val in skills.items():
        if isinstance(val, str):
            m.skills[name] = Requirement(name, index_id=val)
        elif isinstance(val, dict) and ("git" in val or "path" in val):
            bad = [k for k in val if k not in ("git", "path", "rev")]
            if bad or not all(isinstance(v, str) for v in val.values()):
                raise SkillpmError(f"{path}: skill {name!r} has unknown or non-string keys {bad}",
                                   "use git, path and rev")
            m.skills[name] = Requirement(name, git=val.get("git"), path=val.get("path"), rev=val.get("rev"))
        else:
            raise SkillpmError(f"{path}: skill {name!r} must be an index id or a table with git/path",
                               'e.g. pdf = "anthropics/skills/pdf" or mine = { path = "./skills/mine" }')
    return m


def save_manifest(m: Manifest) -> None:
    """Write back, keeping the user's comments and order where the file already exists."""
    import tomlkit

    from skillpm.fsutil import atomic_write_text

    doc = tomlkit.parse(m.path.read_text("utf-8")) if m.path.exists() else tomlkit.document()
    if m.agents:
        doc["agents"] = sorted(dict.fromkeys(m.agents))
    elif "agents" in doc:
        del doc["agents"]
    if m.min_grade:
        doc["min-grade"] = m.min_grade
    if m.link:
        doc["link"] = True
    skills = doc.get("skills")
    if skills is None:
        skills = tomlkit.table()
        doc["skills"] = skills
    for name in list(skills.keys()):
        if name not in m.skills:
            del skills[name]
    for name in sorted(m.skills):
        req = m.skills[name]
        new = req.to_toml()
        if name not in skills or skills[name] != new:
            skills[name] = new
    atomic_write_text(m.path, tomlkit.dumps(doc))
