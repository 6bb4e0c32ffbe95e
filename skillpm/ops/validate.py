"""``skillpm validate``: every problem of every skill under the given paths, with file and line."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from skillpm.errors import SkillpmError
from skillpm.skill import Problem


@dataclass
class Validation:
    path: str
    name: str | None
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not any(p.level == "error" for p in self.problems)

    def to_dict(self) -> dict:
        return {"path": self.path, "name": self.name, "ok": self.ok,
                "problems": [p.__dict__ for p in self.problems]}


def validate(paths: list[str], strict: bool = False) -> list[Validation]:
    from skillpm.skill import inspect_skill
    from skillpm.sources import discover_skills

    out = []
    for text in paths:
        root = Path(text)
        if not root.exists():
            raise SkillpmError(f"path does not exist: {text}", "check the path")
        folders = discover_skills(root) if root.is_dir() else []
        if not folders:
            out.append(Validation(text, None, [Problem("error", text, None, "no SKILL.md found here")]))
            continue
        for folder in folders:
            try:
                skill = inspect_skill(folder, "strict" if strict else "lenient")
                out.append(Validation(str(folder), skill.name, skill.problems))
            except SkillpmError as exc:  # unreadable tree: unsafe link, device file, caps…
                out.append(Validation(str(folder), None, [Problem("error", str(folder), None, exc.message)]))
    return out
