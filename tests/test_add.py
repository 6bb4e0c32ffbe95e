"""`skillpm add` end to end through the CLI, with real folders, git repositories and the real tokenizer."""

import json
import os

import pytest

from skillpm_testing import write_skill
from skillpm.hashing import read_tree


def snapshot(root):
    """Every path under root (to prove that nothing was written)."""
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


def test_add_three_agents_writes_exactly_the_table_folders(cli, project, tmp_path):
    src = write_skill(tmp_path / "src", "demo", "Demo skill.")
    r = cli("add", src, "-a", "claude-code", "-a", "codex", "-a", "cursor", "--yes")
    assert r.exit_code == 0, r.output
    # codex and cursor share .agents/skills: one copy there, one in .claude/skills
    assert sorted(p for p in snapshot(project) if p.count("/") == 2 and p.endswith("demo")) == [
        ".agents/skills/demo", ".claude/skills/demo"]
    h1 = read_tree(src).h1
    assert read_tree(project / ".claude/skills/demo").h1 == h1
    assert read_tree(project / ".agents/skills/demo").h1 == h1
    import tomllib

    lock = tomllib.loads((project / "skillpm.lock").read_text())
    assert lock["version"] == 1
    assert len(lock["skill"]) == 1
    entry = lock["skill"][0]
    assert entry["name"] == "demo" and entry["hash"] == h1
    assert entry["agents"] == ["claude-code", "codex", "cursor"]
    assert entry["files"]["SKILL.md"].startswith("sha256:")
    assert entry["tokens"]["session"] > 0 and entry["grade"] in "AB"
    manifest = tomllib.loads((project / "skillpm.toml").read_text())
    assert manifest["agents"] == ["claude-code", "codex", "cursor"]
    assert "demo" in manifest["skills"]


def test_summary_shows_cost_grade_files_and_targets(cli, project, tmp_path):
    src = write_skill(tmp_path / "src", "demo", "Demo skill.", files={"scripts/run.sh": "#!/bin/sh\necho hi\n"})
    r = cli("add", src, "-a", "claude-code", "--dry-run")
    assert r.exit_code == 0, r.output
    out = r.stdout
    assert "tokens every session" in out and "once invoked" in out
    assert "Opus 5" in out and "$0.0" in out
    assert "grade" in out and "rules in" in out
    assert "scripts/run.sh" in out and "executable" in out
    assert ".claude/skills/demo" in out
    assert not (project / ".claude").exists() and not (project / "skillpm.lock").exists()


def test_dry_run_json_is_one_document(cli, project, tmp_path):
    src = write_skill(tmp_path / "src", "demo", "Demo skill.")
    r = cli("add", src, "-a", "claude-code", "--dry-run", "--json")
    doc = json.loads(r.stdout)
    assert doc["schema"] == 1 and doc["command"] == "add" and doc["errors"] == []
    s = doc["result"]["skills"][0]
    assert s["name"] == "demo" and s["tokens"]["session"] > 0 and s["grade"]
    assert s["placements"][0]["action"] == "new"


def test_without_terminal_and_without_yes_refuses(cli, project, tmp_path):
    src = write_skill(tmp_path / "src", "demo")
    r = cli("add", src, "-a", "claude-code")
    assert r.exit_code != 0
    assert "--yes" in r.stderr
    assert not (project / ".claude").exists()


def test_no_agent_detected_asks_for_agent(cli, project, tmp_path):
    src = write_skill(tmp_path / "src", "demo")
    r = cli("add", src, "--yes")
    assert r.exit_code == 2
    assert "no agent detected" in r.stderr and "hint:" in r.stderr and "--agent" in r.stderr
    assert snapshot(project) == []


def test_detected_agent_is_used(cli, project, tmp_path, home):
    (home / ".claude").mkdir()
    src = write_skill(tmp_path / "src", "demo")
    r = cli("add", src, "--yes")
    assert r.exit_code == 0, r.output
    assert (project / ".claude/skills/demo/SKILL.md").exists()


def test_unknown_agent(cli, project, tmp_path):
    src = write_skill(tmp_path / "src", "demo")
    r = cli("add", src, "-a", "claude", "--yes")
    assert r.exit_code == 2
    assert "unknown agent 'claude'" in r.stderr and "claude-code" in r.stderr
    assert snapshot(project) == []


def test_global_scope(cli, project, tmp_path, home):
    src = write_skill(tmp_path / "src", "demo")
    r = cli("add", src, "-a", "claude-code", "--global", "--yes")
    assert r.exit_code == 0, r.output
    assert (home / ".claude/skills/demo/SKILL.md").exists()
    assert (tmp_path / "data/skillpm.lock").exists()
    assert snapshot(project) == []


def test_claude_config_dir_is_followed_in_global_scope(cli, project, tmp_path, monkeypatch):
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "claude-home"))
    src = write_skill(tmp_path / "src", "demo")
    assert cli("add", src, "-a", "claude-code", "-g", "--yes").exit_code == 0
    assert (tmp_path / "claude-home/skills/demo/SKILL.md").exists()


def test_skill_picks_from_multi_skill_source(cli, project, tmp_path):
    write_skill(tmp_path / "pack", "one")
    write_skill(tmp_path / "pack", "two")
    r = cli("add", tmp_path / "pack", "--skill", "two", "-a", "claude-code", "--yes")
    assert r.exit_code == 0, r.output
    assert (project / ".claude/skills/two").exists() and not (project / ".claude/skills/one").exists()
    r = cli("add", tmp_path / "pack", "--skill", "three", "-a", "claude-code", "--yes")
    assert r.exit_code == 2 and "one, two" in r.stderr


def test_same_name_from_two_sources_is_an_error_naming_both(cli, project, tmp_path):
    a = write_skill(tmp_path / "a", "demo", "From a.")
    b = write_skill(tmp_path / "b", "demo", "From b.")
    r = cli("add", a, b, "-a", "claude-code", "--yes")
    assert r.exit_code == 2
    assert "path:../a/demo" in r.stderr and "path:../b/demo" in r.stderr
    assert snapshot(project) == []


def test_unmanaged_folder_is_not_overwritten_without_force(cli, project, tmp_path):
    mine = project / ".claude/skills/demo"
    mine.mkdir(parents=True)
    (mine / "SKILL.md").write_text("---\nname: demo\ndescription: mine\n---\nmy own work\n")
    src = write_skill(tmp_path / "src", "demo")
    r = cli("add", src, "-a", "claude-code", "--yes")
    assert r.exit_code != 0 and "not installed by skillpm" in r.stderr and "--force" in r.stderr
    assert "my own work" in (mine / "SKILL.md").read_text()
    assert cli("add", src, "-a", "claude-code", "--yes", "--force").exit_code == 0
    assert "my own work" not in (mine / "SKILL.md").read_text()


def test_edited_folder_is_not_overwritten_and_edit_is_named(cli, project, tmp_path):
    src = write_skill(tmp_path / "src", "demo", "v1")
    assert cli("add", src, "-a", "claude-code", "--yes").exit_code == 0
    (project / ".claude/skills/demo/SKILL.md").write_text("---\nname: demo\ndescription: edited\n---\n")
    write_skill(tmp_path / "src", "demo", "v2")
    r = cli("add", src, "-a", "claude-code", "--yes")
    assert r.exit_code != 0 and "edited" in r.stderr and "SKILL.md" in r.stderr
    assert "edited" in (project / ".claude/skills/demo/SKILL.md").read_text()


def test_upgrade_of_own_folder_replaces_it(cli, project, tmp_path):
    src = write_skill(tmp_path / "src", "demo", "v1")
    assert cli("add", src, "-a", "claude-code", "--yes").exit_code == 0
    write_skill(tmp_path / "src", "demo", "v2")
    r = cli("add", src, "-a", "claude-code", "--yes")
    assert r.exit_code == 0, r.output
    assert "v2" in (project / ".claude/skills/demo/SKILL.md").read_text()
    assert not [p for p in (project / ".claude/skills").iterdir() if p.name.startswith(".skillpm")]


def test_link_mode_keeps_one_copy(cli, project, tmp_path):
    src = write_skill(tmp_path / "src", "demo")
    r = cli("add", src, "-a", "claude-code", "-a", "codex", "--link", "--yes")
    assert r.exit_code == 0, r.output
    canon = project / ".agents/skills/demo"
    assert canon.is_dir() and not canon.is_symlink()
    link = project / ".claude/skills/demo"
    assert link.is_symlink() and not os.path.isabs(os.readlink(link))
    assert link.resolve() == canon.resolve()
    assert cli("verify").exit_code == 0


def test_git_source_is_locked_with_commit_and_tree(cli, project, git_repo):
    repo = git_repo()
    repo.add_skill("alpha", description="Alpha.")
    head = repo.commit()
    r = cli("add", repo.url + "#main", "-a", "claude-code", "--yes")
    assert r.exit_code == 0, r.output
    import tomllib

    e = tomllib.loads((project / "skillpm.lock").read_text())["skill"][0]
    assert e["source"] == "git+" + repo.url and e["path"] == "skills/alpha"
    assert e["commit"] == head and e["tree"] == repo.tree_id("skills/alpha") and e["requested"] == "main"


def test_lock_order_is_stable(cli, project, tmp_path):
    for n in ("zeta", "alpha", "mid"):
        write_skill(tmp_path / "src", n)
    assert cli("add", tmp_path / "src", "-a", "claude-code", "--yes").exit_code == 0
    import tomllib

    names = [e["name"] for e in tomllib.loads((project / "skillpm.lock").read_text())["skill"]]
    assert names == ["alpha", "mid", "zeta"]


BAD_INPUTS = {
    "missing path": (lambda t: str(t / "nope"), "does not exist"),
    "no SKILL.md": (lambda t: (t / "empty").mkdir() or str(t / "empty"), "no SKILL.md"),
    "no frontmatter": (lambda t: _raw(t, "# hello\n"), "no frontmatter"),
    "invalid yaml": (lambda t: _raw(t, "---\nname: s\ndescription: a: b\n---\n"), "SKILL.md:3"),
    "huge frontmatter": (lambda t: _raw(t, "---\nname: s\ndescription: " + "x" * 70000 + "\n---\n"), "64 KiB"),
    "yaml alias": (lambda t: _raw(t, "---\nname: &a s\ndescription: *a\n---\n"), "aliases"),
    "dotdot name": (lambda t: _raw(t, "---\nname: ../../x\ndescription: d\n---\n"), "safe single folder name"),
    "absolute name": (lambda t: _raw(t, "---\nname: /etc/x\ndescription: d\n---\n"), "safe single folder name"),
    "backslash name": (lambda t: _raw(t, "---\nname: 'a\\b'\ndescription: d\n---\n"), "safe single folder name"),
    "nul name": (lambda t: _raw(t, '---\nname: "a\\0b"\ndescription: d\n---\n'), "safe single folder name"),
    "not utf-8": (lambda t: _raw(t, b"---\nname: s\ndescription: caf\xe9\n---\n"), "UTF-8"),
    "symlink out": (lambda t: _link_out(t), "outside the skill"),
    "missing git repo": (lambda t: (t / "no-repo").as_uri(), "cannot reach"),
}


def _raw(t, content):
    d = t / "s"
    d.mkdir()
    (d / "SKILL.md").write_bytes(content if isinstance(content, bytes) else content.encode())
    return str(d)


def _link_out(t):
    d = write_skill(t, "s")
    (t / "secret").write_text("x")
    (d / "leak").symlink_to(t / "secret")
    return str(d)


@pytest.mark.parametrize("case", sorted(BAD_INPUTS))
def test_bad_input_one_error_a_hint_nothing_written(cli, project, tmp_path, case):
    make, expected = BAD_INPUTS[case]
    src_root = tmp_path / "bad"
    src_root.mkdir()
    source = make(src_root)
    r = cli("add", source, "-a", "claude-code", "--yes")
    assert r.exit_code != 0
    lines = r.stderr.strip().splitlines()
    assert lines[0].startswith("error: ") and expected in r.stderr
    assert lines[-1].startswith("hint: ")
    assert "Traceback" not in r.output
    assert snapshot(project) == []


def test_bad_git_ref(cli, project, git_repo):
    repo = git_repo()
    repo.add_skill("alpha")
    repo.commit()
    r = cli("add", repo.url + "@v9", "-a", "claude-code", "--yes")
    assert r.exit_code != 0 and "ref 'v9' does not exist" in r.stderr and "hint:" in r.stderr
    assert snapshot(project) == []
