"""Every rule's own tests, from rules.toml: each `catch` line is flagged, each `clean` line is not.

A line is scanned as the body of a SKILL.md (the strictest place: nothing is lowered for
its location) unless the example is a whole SKILL.md (it then starts with '---').
"""

from __future__ import annotations

import re

import pytest

from skillpm.hashing import Tree
from skillpm.scan import scan_tree
from skillpm.scan.rules import RANK, load_rules

RULES = load_rules().rules


def _skill(text: str) -> Tree:
    if text.lstrip("\ufeff").startswith("---\n"):
        return Tree(files={"SKILL.md": text.encode()})
    body = f"---\nname: demo\ndescription: A demo skill.\n---\n# Demo\n\n{text}\n"
    return Tree(files={"SKILL.md": body.encode()})


def _hits(rule_id: str, text: str):
    return [f for f in scan_tree(_skill(text)).findings if f.rule == rule_id]


CATCH = [(r.id, ex) for r in RULES for ex in r.catch]
CLEAN = [(r.id, ex) for r in RULES for ex in r.clean]


@pytest.mark.parametrize("rule_id,example", CATCH, ids=[f"{r}-{i}" for i, (r, _) in enumerate(CATCH)])
def test_rule_catches(rule_id, example):
    hits = _hits(rule_id, example)
    assert hits, f"{rule_id} missed: {example!r}"
    floor = min(RANK[load_rules().by_id[rule_id].severity], RANK["medium"])
    assert max(RANK[f.severity] for f in hits) >= floor, [f.to_dict() for f in hits]


# Each catch line again with the blanks between its words padded (three spaces, or a tab): a rule written
# with one blank must not be evaded by `git   push --force` or "set<TAB>aside".
GAP_RE = re.compile(r"(?<=\S) (?=\S)")


def _padded(example: str, pad: str) -> str:
    if example.lstrip("\ufeff").startswith("---\n"):  # a whole SKILL.md: its body only
        head, sep, body = example.partition("\n---\n")
        return head + sep + GAP_RE.sub(pad, body)
    return GAP_RE.sub(pad, example)


PADDED = [(rid, _padded(ex, "   " if i % 2 else "\t")) for i, (rid, ex) in enumerate(CATCH)
          if isinstance(ex, str) and GAP_RE.search(ex)]


@pytest.mark.parametrize("rule_id,example", PADDED, ids=[f"{r}-padded-{i}" for i, (r, _) in enumerate(PADDED)])
def test_rule_catches_padded(rule_id, example):
    assert _hits(rule_id, example), f"{rule_id} missed once its words were padded: {example!r}"


# Each prose catch line again with markup a reader reads through around every other word: emphasis
# (bold, or italic with underscores), an inline HTML tag, a link to an anchor; or with `&nbsp;` between
# words and typographic apostrophes. A phrase split by markup reads the same to the agent.
WORD_RE = re.compile(r"(?<![\w`*_])([A-Za-z]{3,})(?![\w`*_])")
WRAPS = (("**", "**"), ("_", "_"), ("<b>", "</b>"), ("[", "](#)"))


def _marked_up(example: str, form: int) -> str:
    if form == len(WRAPS):
        return example.replace(" ", "&nbsp;").replace("'", "\u2019")
    left, right = WRAPS[form]
    words = list(WORD_RE.finditer(example))
    for m in reversed(words[1::2]):
        example = example[:m.start()] + left + m.group(1) + right + example[m.end():]
    return example


MARKED_UP = [(rid, _marked_up(ex, i % (len(WRAPS) + 1))) for i, (rid, ex) in enumerate(CATCH)
             if isinstance(ex, str) and "```" not in ex and not ex.startswith("---") and len(WORD_RE.findall(ex)) >= 3]


@pytest.mark.parametrize("rule_id,example", MARKED_UP, ids=[f"{r}-marked-up-{i}" for i, (r, _) in enumerate(MARKED_UP)])
def test_rule_catches_marked_up(rule_id, example):
    assert _hits(rule_id, example), f"{rule_id} missed once markup split its words: {example!r}"


@pytest.mark.parametrize("rule_id,example", CLEAN, ids=[f"{r}-{i}" for i, (r, _) in enumerate(CLEAN)])
def test_rule_stays_quiet(rule_id, example):
    text, ceiling = (example["text"], example.get("max", "info")) if isinstance(example, dict) else (example, None)
    hits = _hits(rule_id, text)
    if ceiling is None:
        assert not hits, f"{rule_id} flagged a clean line: {[f.to_dict() for f in hits]}"
    else:
        assert all(RANK[f.severity] <= RANK[ceiling] for f in hits), [f.to_dict() for f in hits]


def test_catalogue_shape():
    rs = load_rules()
    assert len(rs.rules) >= 26 and len(rs.categories) >= 11
    for r in rs.rules:
        assert r.id and r.category and r.description and r.message.endswith(".")
        if r.engine != "binary":
            assert r.catch and r.clean, f"{r.id} needs tests"
    assert rs.version.startswith(tuple("0123456789"))


def test_every_rule_regex_compiles():
    """Regexes compile lazily at scan time; a broken one must still fail here, not in a user's scan."""
    rs = load_rules()
    assert rs.compile_all() >= sum(len(r.patterns) for r in rs.rules) > 0
