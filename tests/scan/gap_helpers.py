"""What the code-gap tests share: a minimal SKILL.md, and a scan of it beside the files under test."""

from __future__ import annotations

from skillpm.hashing import Tree
from skillpm.scan import scan_tree

SKILL = b"---\nname: demo\ndescription: A helper for the repository.\n---\n# Demo\n\nRun the script in scripts/.\n"


def scan(files: dict[str, str], skill: bytes = SKILL):
    return scan_tree(Tree(files={"SKILL.md": skill, **{k: v.encode() for k, v in files.items()}}, executables=set()))


def found(name: str, script: str, rule: str, skill: bytes = SKILL, extra: dict[str, str] | None = None):
    """(severity, line) of ``rule``'s findings in ``name`` that count toward the grade."""
    r = scan({name: script, **(extra or {})}, skill)
    return [(f.severity, f.line) for f in r.findings if f.file == name and f.rule == rule and f.grades]
