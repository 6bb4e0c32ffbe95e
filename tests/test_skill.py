import pytest

from skillpm.errors import SkillpmError
from skillpm.skill import inspect_skill, load_skill

from skillpm_testing import write_skill


def test_valid_skill_loads(tmp_path):
    folder = write_skill(tmp_path, "demo", "Does demo things.")
    s = load_skill(folder)
    assert (s.name, s.description) == ("demo", "Does demo things.")
    assert s.problems == []


def test_every_error_reported_at_once_in_strict(tmp_path):
    folder = write_skill(tmp_path, "demo", frontmatter="name: Demo Skill\ndescription: x\nfoo: bar\n")
    s = inspect_skill(folder, "strict")
    msgs = [p.message for p in s.errors]
    assert any("lowercase" in m for m in msgs)
    assert any("differs from the folder name" in m for m in msgs)
    assert any("unknown frontmatter key 'foo'" in m for m in msgs)
    assert all(p.line for p in s.errors)


def test_lenient_turns_spec_rules_into_warnings(tmp_path):
    folder = write_skill(tmp_path, "demo", frontmatter="name: Demo\ndescription: x\nallowed-tools: [Read, Bash]\n")
    s = inspect_skill(folder, "lenient")
    assert s.errors == []
    assert len(s.warnings) >= 2


def test_invalid_yaml_reports_line(tmp_path):
    folder = write_skill(tmp_path, "demo", frontmatter="name: demo\ndescription: a: b: c\n")
    with pytest.raises(SkillpmError) as exc:
        load_skill(folder)
    assert "SKILL.md:3" in exc.value.message
    assert "invalid YAML" in exc.value.message
    assert exc.value.hint


def test_no_frontmatter(tmp_path):
    (tmp_path / "s").mkdir()
    (tmp_path / "s/SKILL.md").write_text("# just markdown\n")
    with pytest.raises(SkillpmError, match="no frontmatter"):
        load_skill(tmp_path / "s")


def test_unclosed_frontmatter(tmp_path):
    (tmp_path / "s").mkdir()
    (tmp_path / "s/SKILL.md").write_text("---\nname: s\ndescription: d\n")
    with pytest.raises(SkillpmError, match="never closed"):
        load_skill(tmp_path / "s")


def test_missing_description(tmp_path):
    folder = write_skill(tmp_path, "demo", frontmatter="name: demo\n")
    with pytest.raises(SkillpmError, match="no description"):
        load_skill(folder)


def test_yaml_alias_refused(tmp_path):
    folder = write_skill(tmp_path, "demo", frontmatter="name: &n demo\ndescription: *n\n")
    with pytest.raises(SkillpmError, match="aliases"):
        load_skill(folder)


def test_billion_laughs_refused_fast(tmp_path):
    bomb = 'a: &a ["x","x","x","x","x","x","x","x","x"]\n' + "".join(
        f'{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)},*{chr(97 + i)},*{chr(97 + i)},*{chr(97 + i)},*{chr(97 + i)}]\n'
        for i in range(8))
    folder = write_skill(tmp_path, "demo", frontmatter="name: demo\ndescription: d\n" + bomb)
    with pytest.raises(SkillpmError, match="aliases"):
        load_skill(folder)


def test_huge_frontmatter_refused(tmp_path):
    folder = write_skill(tmp_path, "demo", frontmatter="name: demo\ndescription: " + "x" * 70_000 + "\n")
    with pytest.raises(SkillpmError, match="64 KiB"):
        load_skill(folder)


@pytest.mark.parametrize("name", ["../../x", "/etc/x", "a/b", "a\\\\b", "..", "\"a\\0b\""])
def test_unsafe_names_refused(tmp_path, name):
    folder = write_skill(tmp_path, "demo", frontmatter=f"name: {name}\ndescription: d\n")
    with pytest.raises(SkillpmError, match="not a safe single folder name"):
        load_skill(folder)


def test_not_utf8(tmp_path):
    (tmp_path / "s").mkdir()
    (tmp_path / "s/SKILL.md").write_bytes(b"---\nname: s\ndescription: caf\xe9\n---\n")
    with pytest.raises(SkillpmError, match="not valid UTF-8"):
        load_skill(tmp_path / "s")


def test_missing_path_and_no_skill_md(tmp_path):
    with pytest.raises(SkillpmError, match="does not exist"):
        load_skill(tmp_path / "nope")
    (tmp_path / "empty").mkdir()
    with pytest.raises(SkillpmError, match="no SKILL.md"):
        load_skill(tmp_path / "empty")


def test_lowercase_skill_md_accepted_with_warning(tmp_path):
    (tmp_path / "s").mkdir()
    (tmp_path / "s/skill.md").write_text("---\nname: s\ndescription: d\n---\n")
    s = load_skill(tmp_path / "s")
    assert s.skill_md == "skill.md"
    assert any("SKILL.md" in w.message for w in s.warnings)
