"""install / remove / list / verify through the CLI, and the lockfile's bad inputs."""

import json
import shutil
import subprocess

from skillpm_testing import git, write_skill
from skillpm.hashing import read_tree


def _commit_project(project):
    git(project, "init", "-q")
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "skills")


def test_install_frozen_in_fresh_clone_reproduces_h1_in_every_target(cli, project, git_repo, tmp_path, monkeypatch):
    repo = git_repo()
    repo.add_skill("alpha", description="Alpha.", files={"scripts/run.sh": "#!/bin/sh\necho a\n"})
    repo.add_skill("beta", description="Beta.")
    repo.commit()
    r = cli("add", repo.url, "-a", "claude-code", "-a", "codex", "-a", "cursor", "--yes")
    assert r.exit_code == 0, r.output
    want = {n: read_tree(project / ".claude/skills" / n).h1 for n in ("alpha", "beta")}
    (project / ".gitignore").write_text(".claude/\n.agents/\n")
    _commit_project(project)
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(project), str(clone)], check=True)
    assert not (clone / ".claude").exists()
    monkeypatch.chdir(clone)
    # A new machine: empty cache, so bytes come from the upstream at the locked commit.
    shutil.rmtree(tmp_path / "cache", ignore_errors=True)
    r = cli("install", "--frozen")
    assert r.exit_code == 0, r.output
    for n, h1 in want.items():
        assert read_tree(clone / ".claude/skills" / n).h1 == h1
        assert read_tree(clone / ".agents/skills" / n).h1 == h1
    assert (clone / ".agents/skills/alpha/scripts/run.sh").stat().st_mode & 0o111
    assert cli("verify").exit_code == 0


def test_install_from_warm_store_needs_no_upstream(cli, project, git_repo, tmp_path):
    repo = git_repo()
    repo.add_skill("alpha")
    repo.commit()
    assert cli("add", repo.url, "-a", "claude-code", "--yes").exit_code == 0
    shutil.rmtree(project / ".claude")
    shutil.rmtree(repo.path)  # upstream gone: the content-addressed store has the bytes
    r = cli("install", "--frozen")
    assert r.exit_code == 0, r.output
    assert (project / ".claude/skills/alpha/SKILL.md").exists()


def test_install_detects_tampered_upstream(cli, project, git_repo, tmp_path):
    repo = git_repo()
    repo.add_skill("alpha")
    repo.commit()
    assert cli("add", repo.url, "-a", "claude-code", "--yes").exit_code == 0
    lock = (project / "skillpm.lock").read_text()
    # Pretend the lock recorded other bytes for the same commit: a hash mismatch must install nothing.
    import re

    lock = re.sub(r'hash = "h1:[^"]+"', 'hash = "h1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="', lock)
    (project / "skillpm.lock").write_text(lock)
    shutil.rmtree(project / ".claude")
    r = cli("install", "--frozen")
    assert r.exit_code == 4
    assert "lock says" in r.stderr and "hint:" in r.stderr
    assert not (project / ".claude/skills/alpha").exists()


def test_frozen_refuses_out_of_date_lock(cli, project, tmp_path):
    src = write_skill(tmp_path / "src", "demo")
    assert cli("add", src, "-a", "claude-code", "--yes").exit_code == 0
    m = (project / "skillpm.toml").read_text()
    (project / "skillpm.toml").write_text(m + 'other = { path = "./elsewhere" }\n')
    before = (project / "skillpm.lock").read_text()
    r = cli("install", "--frozen")
    assert r.exit_code == 2 and "out of date" in r.stderr and "other" in r.stderr
    assert (project / "skillpm.lock").read_text() == before


def test_install_adds_what_the_manifest_asks(cli, project, tmp_path):
    write_skill(project / "skills", "mine", "Mine.")
    (project / "skillpm.toml").write_text('agents = ["claude-code"]\n[skills]\nmine = { path = "./skills/mine" }\n')
    r = cli("install", "--yes")
    assert r.exit_code == 0, r.output
    assert (project / ".claude/skills/mine/SKILL.md").exists()
    assert "mine" in (project / "skillpm.lock").read_text()
    assert cli("install", "--frozen").exit_code == 0


def test_install_refuses_to_overwrite_local_edit(cli, project, tmp_path):
    src = write_skill(tmp_path / "src", "demo")
    assert cli("add", src, "-a", "claude-code", "--yes").exit_code == 0
    f = project / ".claude/skills/demo/SKILL.md"
    f.write_text(f.read_text() + "local note\n")
    r = cli("install")
    assert r.exit_code != 0 and "differs from the lock" in r.stderr and "SKILL.md" in r.stderr
    assert "local note" in f.read_text()
    assert cli("install", "--force").exit_code == 0
    assert "local note" not in f.read_text()


def test_verify_names_changed_added_removed_files(cli, project, tmp_path):
    src = write_skill(tmp_path / "src", "demo", files={"ref.md": "r\n"})
    assert cli("add", src, "-a", "claude-code", "--yes").exit_code == 0
    d = project / ".claude/skills/demo"
    (d / "SKILL.md").write_text("changed")
    (d / "new.md").write_text("n")
    (d / "ref.md").unlink()
    r = cli("verify", "--json")
    assert r.exit_code == 1
    doc = json.loads(r.stdout)
    p = doc["result"]["problems"][0]
    assert (p["changed"], p["added"], p["removed"]) == (["SKILL.md"], ["new.md"], ["ref.md"])


def test_remove_and_list(cli, project, tmp_path):
    write_skill(tmp_path / "src", "one")
    write_skill(tmp_path / "src", "two")
    assert cli("add", tmp_path / "src", "-a", "claude-code", "-a", "codex", "--yes").exit_code == 0
    r = cli("list")
    assert r.exit_code == 0 and "one" in r.stdout and "two" in r.stdout and "ok" in r.stdout
    r = cli("remove", "one")
    assert r.exit_code == 0, r.output
    assert not (project / ".claude/skills/one").exists() and not (project / ".agents/skills/one").exists()
    assert (project / ".claude/skills/two").exists()
    doc = json.loads(cli("list", "--json").stdout)
    assert [s["name"] for s in doc["result"]] == ["two"]
    r = cli("remove", "nope")
    assert r.exit_code == 2 and "not installed: nope" in r.stderr and "two" in r.stderr


def test_remove_refuses_edited_skill(cli, project, tmp_path):
    src = write_skill(tmp_path / "src", "demo")
    assert cli("add", src, "-a", "claude-code", "--yes").exit_code == 0
    (project / ".claude/skills/demo/notes.md").write_text("mine")
    r = cli("remove", "demo")
    assert r.exit_code != 0 and "edited" in r.stderr
    assert (project / ".claude/skills/demo/notes.md").exists()


def test_lock_from_newer_skillpm_is_refused(cli, project):
    (project / "skillpm.lock").write_text("version = 99\n")
    r = cli("install")
    assert r.exit_code == 2 and "newer skillpm" in r.stderr and "hint:" in r.stderr


def test_corrupt_lock_says_where(cli, project):
    (project / "skillpm.lock").write_text('version = 1\n[[skill]]\nname = "x"\nhash = \n')
    r = cli("list")
    assert r.exit_code == 2 and "corrupt" in r.stderr and "line 4" in r.stderr


def test_lock_entry_with_wrong_types(cli, project):
    (project / "skillpm.lock").write_text('version = 1\n[[skill]]\nname = "x"\nsource = "path:."\npath = ""\nhash = 3\nfiles = {}\n')
    r = cli("list")
    assert r.exit_code == 2 and "'hash'" in r.stderr and "#1" in r.stderr


def test_validate_reports_every_problem(cli, tmp_path):
    write_skill(tmp_path, "good")
    write_skill(tmp_path, "bad", frontmatter="name: Bad Name\ndescription: d\nextra: 1\n")
    r = cli("validate", tmp_path, "--strict")
    assert r.exit_code == 1
    assert "bad: invalid" in r.stdout.replace(str(tmp_path) + "/", "")
    assert "SKILL.md:2" in r.stdout and "unknown frontmatter key 'extra'" in r.stdout
    assert cli("validate", tmp_path / "good", "--strict").exit_code == 0


def test_agents_lists_all_with_detection(cli, project, home):
    (home / ".codex").mkdir()
    doc = json.loads(cli("agents", "--json").stdout)
    rows = {r["id"]: r for r in doc["result"]}
    assert len(rows) == 79
    assert rows["codex"]["detected"] and not rows["claude-code"]["detected"]
    assert rows["claude-code"]["project"] == ".claude/skills"
