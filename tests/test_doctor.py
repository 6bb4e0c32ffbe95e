"""doctor, adopt and init, through the CLI, on real folders in a temp HOME and project."""

import json
import os
import tomllib

from skillpm_testing import write_skill
from skillpm.hashing import read_tree


def _setup(cli, project, tmp_path):
    """A managed skill (added), a planted broken link and an unmanaged skill in Claude Code's folder."""
    src = write_skill(tmp_path / "src", "managed", "A managed skill.")
    assert cli("add", src, "-a", "claude-code", "--yes").exit_code == 0
    skills = project / ".claude" / "skills"
    os.symlink(tmp_path / "nowhere", skills / "dangling")
    write_skill(skills, "stray", "A skill copied in by hand.")
    return skills


def test_doctor_finds_broken_link_and_unmanaged_skill(cli, project, tmp_path):
    skills = _setup(cli, project, tmp_path)
    r = cli("doctor")
    assert r.exit_code == 1, r.output
    assert f"{skills / 'dangling'} is a link to {tmp_path / 'nowhere'}, which does not exist" in r.stdout
    assert f"{skills / 'stray'} is not managed by skillpm" in r.stdout
    assert "`skillpm adopt stray`" in r.stdout
    assert "1 managed, 1 unmanaged" in r.stdout

    doc = json.loads(cli("doctor", "--json").stdout)
    res = doc["result"]
    assert res["ok"] is False
    assert [b["path"] for b in res["broken_links"]] == [str(skills / "dangling")]
    assert [(u["name"], u["folder"], u["agents"]) for u in res["unmanaged"]] == [
        ("stray", str(skills / "stray"), ["claude-code"])]
    assert [e["code"] for e in doc["errors"]] == [1]
    assert "dangling" in doc["errors"][0]["message"] and doc["errors"][0]["hint"]


def test_doctor_reports_edited_managed_skill(cli, project, tmp_path):
    src = write_skill(tmp_path / "src", "managed", "A managed skill.")
    assert cli("add", src, "-a", "claude-code", "--yes").exit_code == 0
    (project / ".claude/skills/managed/SKILL.md").write_text("---\nname: managed\ndescription: edited\n---\n")
    doc = json.loads(cli("doctor", "--json").stdout)
    assert [(d["skill"], d["state"], d["changed"]) for d in doc["result"]["drift"]] == [
        ("managed", "modified", ["SKILL.md"])]


def test_doctor_clean_project_exits_zero(cli, project, tmp_path, home):
    (home / ".claude").mkdir()  # Claude Code is installed
    r = cli("doctor")
    assert r.exit_code == 0, r.output
    assert "claude-code" in r.stdout and "No problems found." in r.stderr


def test_adopt_records_unmanaged_skill_without_rewriting_it(cli, project, tmp_path):
    skills = _setup(cli, project, tmp_path)
    os.unlink(skills / "dangling")
    before = read_tree(skills / "stray").h1
    mtime = (skills / "stray" / "SKILL.md").stat().st_mtime_ns
    r = cli("adopt", "stray", "--json")
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert [(a["name"], a["agents"], a["hash"]) for a in doc["result"]["adopted"]] == [
        ("stray", ["claude-code"], before)]
    assert (skills / "stray" / "SKILL.md").stat().st_mtime_ns == mtime  # not rewritten
    lock = tomllib.loads((project / "skillpm.lock").read_text())
    entry = next(e for e in lock["skill"] if e["name"] == "stray")
    assert entry["source"] == "path:./.claude/skills/stray" and entry["hash"] == before
    assert entry["agents"] == ["claude-code"] and entry["files"]["SKILL.md"].startswith("sha256:")
    # now managed: doctor is clean, verify notices edits, install --frozen agrees with the manifest
    assert cli("doctor").exit_code == 0
    assert cli("install", "--frozen").exit_code == 0
    (skills / "stray" / "extra.md").write_text("x")
    assert cli("verify").exit_code == 1


def test_adopt_unknown_name_lists_what_is_there(cli, project, tmp_path):
    _setup(cli, project, tmp_path)
    r = cli("adopt", "nope", "--json")
    assert r.exit_code == 2
    err = json.loads(r.stdout)["errors"][0]
    assert "nope" in err["message"] and "stray" in err["hint"]


def test_adopt_refuses_differing_copies(cli, project, tmp_path):
    write_skill(project / ".claude/skills", "twin", "One copy.")
    write_skill(project / ".agents/skills", "twin", "Another copy.")
    r = cli("adopt", "--all")
    assert r.exit_code == 2
    assert "the copies of twin differ" in r.stderr
    assert not (project / "skillpm.lock").exists()


def test_init_writes_manifest_from_lock_and_refuses_overwrite(cli, project, tmp_path):
    src = write_skill(tmp_path / "src", "managed", "A managed skill.")
    assert cli("add", src, "-a", "claude-code", "-a", "codex", "--yes").exit_code == 0
    (project / "skillpm.toml").unlink()
    r = cli("init", "--json")
    assert r.exit_code == 0, r.output
    res = json.loads(r.stdout)["result"]
    assert res["agents"] == ["claude-code", "codex"] and list(res["skills"]) == ["managed"]
    manifest = tomllib.loads((project / "skillpm.toml").read_text())
    assert manifest["agents"] == ["claude-code", "codex"]
    assert manifest["skills"]["managed"] == {"path": "../src/managed"}  # as the lock records it
    assert cli("install", "--frozen").exit_code == 0  # the manifest agrees with the lock
    r = cli("init")
    assert r.exit_code == 2 and "already exists" in r.stderr
    assert cli("init", "--force").exit_code == 0


def test_init_without_lock_uses_detected_agents(cli, project, home):
    (home / ".claude").mkdir()
    r = cli("init")
    assert r.exit_code == 0, r.output
    assert tomllib.loads((project / "skillpm.toml").read_text())["agents"] == ["claude-code"]


def test_doctor_reports_a_damaged_lock_and_keeps_going(cli, project, tmp_path):
    _setup(cli, project, tmp_path)
    (project / "skillpm.lock").write_text("version = [\n")
    doc = json.loads(cli("doctor", "--json").stdout)
    kinds = {i["kind"] for i in doc["result"]["issues"]}
    assert {"lock", "broken-link", "unmanaged"} <= kinds
    assert any("corrupt" in e["message"] for e in doc["errors"])


def test_adopt_in_a_shared_folder_records_the_named_agent(cli, project, tmp_path):
    write_skill(project / ".agents/skills", "shared", "Read by many agents.")
    r = cli("adopt", "shared", "-a", "cursor", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["result"]["adopted"][0]["agents"] == ["cursor"]
    r = cli("adopt", "--all", "-a", "claude-code", "--json")  # nothing left to adopt
    assert r.exit_code == 0 and json.loads(r.stdout)["result"]["adopted"] == []
    write_skill(project / ".agents/skills", "other", "Another one.")
    r = cli("adopt", "other", "-a", "claude-code")
    assert r.exit_code == 2 and "readers of that folder" in r.stderr
