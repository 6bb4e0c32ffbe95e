"""Hostile metadata: fuzz every parser of untrusted text with hypothesis. Whatever the input,
the parser returns or raises ``SkillpmError`` — never another exception (which would surface as
a traceback, or worse, be mistaken for success).

Example counts are kept small for CI (``FUZZ_EXAMPLES``, default 200 per parser); raise them with
``SKILLPM_FUZZ_EXAMPLES=5000`` for a longer run.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skillpm.errors import SkillpmError
from skillpm.hashing import Tree

FUZZ_EXAMPLES = int(os.environ.get("SKILLPM_FUZZ_EXAMPLES", "200"))
FUZZ = settings(max_examples=FUZZ_EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Text that looks like the real thing is where parsers break: mix structure tokens with noise.
FM_TOKENS = ["---\n", "name: ", "description: ", "demo", ": ", "\n", "  ", "- ", "[", "]", "{", "}", "&a ", "*a",
             "!!python/object:os.system ", "!!binary ", "'", '"', "|\n", ">\n", "metadata:\n  k: v\n", "allowed-tools: ",
             "\t", "#", "\x00", "\ufeff", "é", "%YAML 1.1\n", "...\n", "? ", "<<: *a\n", "0x", "1e999", "~"]
fm_text = st.lists(st.one_of(st.sampled_from(FM_TOKENS), st.text(max_size=20)), max_size=40).map("".join)


@FUZZ
@given(body=st.one_of(fm_text, st.binary(max_size=400)), profile=st.sampled_from(["lenient", "strict"]))
def test_skill_frontmatter_parser(body, profile):
    from skillpm.skill import skill_from_tree

    data = body if isinstance(body, bytes) else body.encode("utf-8", "surrogatepass")
    try:
        skill = skill_from_tree(Tree({"SKILL.md": data}), "demo", profile, origin="fuzz")
    except SkillpmError:
        return
    assert isinstance(skill.problems, list)


@pytest.mark.parametrize("depth", [9, 12])
def test_yaml_bomb_is_refused_quickly(depth):
    from skillpm.skill import skill_from_tree

    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    lines += [f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, depth)]
    fm = "name: demo\ndescription: bomb\n" + "\n".join(lines) + "\n"
    t0 = time.monotonic()
    try:
        skill = skill_from_tree(Tree({"SKILL.md": f"---\n{fm}---\n".encode()}), "demo", "lenient", origin="bomb")
        assert any(p.level == "error" for p in skill.problems)
    except SkillpmError:
        pass
    assert time.monotonic() - t0 < 5


def test_huge_frontmatter_is_handled(tmp_path):
    from skillpm.skill import skill_from_tree

    fm = "name: demo\ndescription: " + "x" * (8 * 1024 * 1024) + "\n" + "".join(f"k{i}: v\n" for i in range(100_000))
    t0 = time.monotonic()
    try:
        skill_from_tree(Tree({"SKILL.md": f"---\n{fm}---\n".encode()}), "demo", "strict", origin="huge")
    except SkillpmError:
        pass
    assert time.monotonic() - t0 < 60


# --------------------------------------------------------------------------- lockfile and manifest

_TMP = Path(tempfile.mkdtemp(prefix="skillpm-fuzz-"))

TOML_TOKENS = ["version = 1\n", "version = 99\n", "[[skill]]\n", "[index]\n", 'name = "demo"\n', 'source = "git+x"\n',
               'path = ""\n', 'hash = "h1:x"\n', "files = {}\n", 'files = { "a" = "b" }\n', "agents = [1, 2]\n",
               "tokens = { session = 1.5 }\n", "link = 1\n", "=", '"', "'''", "[", "]", "\n", "{", "}", "1979-05-27",
               "inf", "nan", "\\u0000", "[skills]\n", 'pdf = "a/b/c"\n', "mine = { path = 3 }\n", 'agents = ["x"]\n',
               'min-grade = "Z"\n', "link = true\n", "[[skills]]\n"]
toml_text = st.lists(st.one_of(st.sampled_from(TOML_TOKENS), st.text(max_size=15)), max_size=30).map("".join)

scalar = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=12))
value = st.recursive(scalar, lambda kids: st.one_of(st.lists(kids, max_size=3),
                                                     st.dictionaries(st.text(min_size=1, max_size=8), kids, max_size=3)),
                     max_leaves=8)
LOCK_KEYS = ["name", "source", "path", "hash", "files", "requested", "commit", "tree", "executables", "agents",
             "tokens", "grade", "rules", "index-id", "link"]
lock_entry = st.dictionaries(st.sampled_from(LOCK_KEYS), value, max_size=len(LOCK_KEYS))
lock_doc = st.fixed_dictionaries({"version": st.one_of(st.just(1), value)},
                                 optional={"skill": st.one_of(st.lists(lock_entry, max_size=3), value),
                                           "index": value})
manifest_doc = st.fixed_dictionaries({}, optional={"agents": value, "min-grade": value, "link": value,
                                                  "skills": st.one_of(st.dictionaries(st.text(min_size=1, max_size=8),
                                                                                      value, max_size=3), value)})


def _drop_none(v):
    if isinstance(v, dict):
        return {k: _drop_none(x) for k, x in v.items() if x is not None}
    if isinstance(v, list):
        return [_drop_none(x) for x in v if x is not None]
    return v


def _write(name: str, text: str) -> Path:
    d = Path(tempfile.mkdtemp(dir=_TMP))
    (d / name).write_bytes(text.encode("utf-8", "surrogatepass"))
    return d


def _toml(doc: dict) -> str | None:
    import tomlkit

    try:
        return tomlkit.dumps(_drop_none(doc))
    except Exception:  # a document tomlkit cannot write (e.g. mixed arrays): not an input
        return None


@FUZZ
@given(text=st.one_of(toml_text, st.text(max_size=200)))
def test_lockfile_parser_on_fuzzed_text(text):
    from skillpm.lockfile import load_lock

    try:
        load_lock(_write("skillpm.lock", text))
    except SkillpmError:
        pass


@FUZZ
@given(doc=lock_doc)
def test_lockfile_parser_on_valid_toml_with_wrong_types(doc):
    from skillpm.lockfile import load_lock

    text = _toml(doc)
    if text is None:
        return
    try:
        lock = load_lock(_write("skillpm.lock", text))
    except SkillpmError:
        return
    for e in lock.skills.values():  # whatever loads is well typed
        assert isinstance(e.name, str) and isinstance(e.hash, str) and isinstance(e.files, dict)


@FUZZ
@given(text=st.one_of(toml_text, st.text(max_size=200)))
def test_manifest_parser_on_fuzzed_text(text):
    from skillpm.manifest import load_manifest

    try:
        load_manifest(_write("skillpm.toml", text))
    except SkillpmError:
        pass


@FUZZ
@given(doc=manifest_doc)
def test_manifest_parser_on_valid_toml_with_wrong_types(doc):
    from skillpm.manifest import load_manifest

    text = _toml(doc)
    if text is None:
        return
    try:
        m = load_manifest(_write("skillpm.toml", text))
    except SkillpmError:
        return
    assert all(isinstance(a, str) for a in m.agents)


# --------------------------------------------------------------------------- sources, index, scanner

SRC_TOKENS = ["https://", "http://", "ssh://", "git@", "file://", "ext::", "fd::", "git+", "github.com/", "/", "@", "#",
              ":", "..", "~", "-", "--upload-pack=", "owner", "repo", "tree/main/", " ", "\x00", "\\", "%2e", "é"]
src_text = st.lists(st.one_of(st.sampled_from(SRC_TOKENS), st.text(max_size=10)), max_size=12).map("".join)


@FUZZ
@given(text=st.one_of(src_text, st.text(max_size=80)))
def test_source_parser(text):
    from skillpm.sources import parse_source

    try:
        spec = parse_source(text)
    except SkillpmError:
        return
    assert spec.kind in ("local", "git")
    if spec.kind == "git":
        assert not spec.location.lower().startswith(("ext::", "fd::", "-"))


@FUZZ
@given(text=st.one_of(toml_text, st.text(max_size=200)), doc=st.dictionaries(st.text(max_size=8), value, max_size=6))
def test_index_entry_parser(text, doc):
    fmt = pytest.importorskip("skillpm.index.format")
    for t in (text, _toml(doc)):
        if t is None:
            continue
        try:
            fmt.loads_entry(t, "fuzzed entry")
        except SkillpmError:
            pass


@FUZZ
@given(text=st.text(max_size=400), raw=st.binary(max_size=200))
def test_scanner_on_random_text(text, raw):
    scan = pytest.importorskip("skillpm.scan")
    tree = Tree({"SKILL.md": b"---\nname: demo\ndescription: d\n---\n" + text.encode("utf-8", "surrogatepass"),
                 "scripts/x.sh": raw, "references/r.md": text.encode("utf-8", "surrogatepass")})
    try:
        result = scan.scan_tree(tree)
    except SkillpmError:
        return
    assert result.grade in ("A", "B", "C", "D", "F")
