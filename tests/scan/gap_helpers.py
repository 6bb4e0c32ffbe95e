"""What the scanner's variant tests share: a minimal SKILL.md and a scan of it beside the files under test
(the code-gap tests), a SKILL.md built from a description and a body (the natural-language and settings-table
tests), a scan of whole files (the look-alike tests), the readings of a result they assert on, and a code-gap
case as a pytest parameter with its one check (variant, check_variant)."""

from __future__ import annotations

import pytest

from skillpm.hashing import Tree
from skillpm.scan import scan_tree
from skillpm.scan.rules import RANK

SKILL = b"---\nname: demo\ndescription: A helper for the repository.\n---\n# Demo\n\nRun the script in scripts/.\n"


def scan(files: dict[str, str], skill: bytes = SKILL):
    return scan_tree(Tree(files={"SKILL.md": skill, **{k: v.encode() for k, v in files.items()}}, executables=set()))


def found(name: str, script: str, rule: str, skill: bytes = SKILL, extra: dict[str, str] | None = None):
    """(severity, line) of ``rule``'s findings in ``name`` that count toward the grade."""
    r = scan({name: script, **(extra or {})}, skill)
    return [(f.severity, f.line) for f in r.findings if f.file == name and f.rule == rule and f.grades]


# ---------------------------------------------------------------- a SKILL.md from a description and a body

HEAD = "---\nname: demo\ndescription: {desc}\n---\n# Demo\n\n"
BAD = ("C", "D", "F")


def scan_skill(body: str, desc: str = "Helps with everyday project work.", extra: dict | None = None):
    """The scan of a SKILL.md of ``desc`` and ``body``, beside the files of ``extra`` (path: text)."""
    files = {"SKILL.md": (HEAD.format(desc=desc) + body).encode()}
    for k, v in (extra or {}).items():
        files[k] = v.encode()
    return scan_tree(Tree(files=files))


def scan_files(files: dict[str, str]):
    """The scan of exactly these files (SKILL.md among them), none executable."""
    return scan_tree(Tree(files={k: v.encode() for k, v in files.items()}, executables=set()))


# ---------------------------------------------------------------- readings of a result

def bad(r) -> bool:
    return r.grade in "CDF"


def graded_cats(r, path: str | None = None) -> set[str]:
    """The categories of the findings that count toward the grade (of ``path`` only, when given)."""
    return {f.category for f in r.findings if f.grades and (path is None or f.file == path)}


def caught(r, cats):
    """(whether ``r`` grades C or worse with a counted finding in one of ``cats``, what it got)."""
    got = {f.category for f in r.findings if f.grades}
    return r.grade in BAD and bool(got & set(cats)), (r.grade, sorted(got))


def worst(result, path: str) -> str:
    """The highest severity among ``path``'s counted findings ("info" when none)."""
    sevs = [f.severity for f in result.findings if f.file == path and f.grades]
    return max(sevs, key=RANK.__getitem__) if sevs else "info"


# ---------------------------------------------------------------- a code-gap case as a parameter

CLEAN = None  # what a near miss expects: graded A or B


def variant(name: str, files: dict[str, str], expect=(), skill: bytes = SKILL, marks=()):
    """A code-gap case named ``name``: ``files`` beside ``skill``, expected graded C or worse with a counted finding
    in one of the categories of ``expect`` (any category when it names none), or A or B when ``expect`` is CLEAN."""
    return pytest.param(files, skill, expect, marks=marks, id=name)


def check_variant(files: dict[str, str], skill: bytes, expect) -> None:
    r = scan(files, skill)
    if expect is CLEAN:
        assert r.grade in "AB", r.findings
        return
    assert bad(r), r.findings
    if expect:
        assert graded_cats(r) & set(expect), r.findings
