"""import: Vercel's skills-lock.json (project, v1) and ~/.agents/.skill-lock.json (global, v3)."""

from __future__ import annotations

import json
import shutil
import tomllib

from skillpm_testing import git
from skillpm.hashing import read_tree
from skillpm.ops.import_lock import _collation_key, requirement_from, vercel_folder_hash

# Computed with the sort and hash of computeSkillFolderHash in the npm package skills@1.5.18
# (dist/cli.mjs; files sorted with String.prototype.localeCompare, node 18, locale en-US).
VECTOR = {"SKILL.md": "---\nname: demo\ndescription: D.\n---\n# Demo\n", "scripts/run.sh": "#!/bin/sh\necho hi\n",
          "Zeta.md": "B\n", "alpha.md": "a\n", "references/b_c.md": "x\n", "references/b-c.md": "y\n",
          "references/B.md": "z\n", "references/b.md": "w\n", "a1.md": "1\n", "a.b.md": "2\n", "a_b.md": "3\n"}
VECTOR_ORDER = ["a_b.md", "a.b.md", "a1.md", "alpha.md", "references/b_c.md", "references/b-c.md", "references/b.md",
                "references/B.md", "scripts/run.sh", "SKILL.md", "Zeta.md"]
VECTOR_HASH = "e98aa749613ecfbccee5670e0f64d6377abdc28a6d11e84b0375241e78111465"


def test_vercel_folder_hash_matches_the_reference_implementation():
    assert sorted(VECTOR, key=_collation_key) == VECTOR_ORDER
    assert vercel_folder_hash({k: v.encode() for k, v in VECTOR.items()}) == VECTOR_HASH


def test_requirement_from_each_source_type():
    r = requirement_from("pdf", {"source": "anthropics/skills", "sourceType": "github",
                                 "skillPath": "skills/pdf/SKILL.md", "ref": "main", "computedHash": "x"})
    assert (r.git, r.path, r.rev) == ("https://github.com/anthropics/skills", "skills/pdf", "main")
    r = requirement_from("x", {"source": "https://gitlab.com/g/r.git", "sourceUrl": "https://gitlab.com/g/r.git",
                               "sourceType": "gitlab", "skillPath": "SKILL.md"})
    assert (r.git, r.path, r.rev) == ("https://gitlab.com/g/r.git", None, None)
    import pytest

    from skillpm.errors import SkillpmError

    with pytest.raises(SkillpmError, match="well-known"):
        requirement_from("w", {"source": "https://example.com", "sourceType": "well-known"})


def _vercel_project(project, repo):
    """What `npx skills add <repo>` leaves in a project: copies in .agents/skills and .claude/skills, and the lock."""
    repo.add_skill("alpha", description="Alpha.", files={"scripts/run.sh": "#!/bin/sh\necho a\n"})
    repo.add_skill("beta", description="Beta.")
    repo.commit()
    skills = {}
    for name in ("alpha", "beta"):
        src = repo.path / "skills" / name
        for d in (".agents/skills", ".claude/skills"):
            shutil.copytree(src, project / d / name)
        files = read_tree(src).files
        skills[name] = {"source": repo.url, "sourceUrl": repo.url, "sourceType": "git",
                        "skillPath": f"skills/{name}/SKILL.md", "computedHash": vercel_folder_hash(files)}
    skills["remote-doc"] = {"source": "https://docs.example.com", "sourceType": "well-known", "computedHash": "0" * 64}
    (project / "skills-lock.json").write_text(json.dumps({"version": 1, "skills": skills}, indent=2) + "\n")


def test_import_project_lock_adopts_installed_skills_and_reinstalls_the_same(cli, project, git_repo, tmp_path,
                                                                               monkeypatch):
    repo = git_repo()
    _vercel_project(project, repo)
    mtime = (project / ".claude/skills/alpha/SKILL.md").stat().st_mtime_ns
    r = cli("import", "--dry-run")
    assert r.exit_code == 0, r.output
    assert "remote-doc  skipped: remote-doc: source type 'well-known'" in r.stdout
    assert "(recorded hash: match)" in r.stdout and "same bytes, adopted" in r.stdout
    assert not (project / "skillpm.lock").exists()
    r = cli("import", "--yes")
    assert r.exit_code == 0, r.output
    assert "Imported 2 skills" in r.stderr and "0 written" in r.stderr
    assert (project / ".claude/skills/alpha/SKILL.md").stat().st_mtime_ns == mtime  # adopted, not rewritten
    manifest = tomllib.loads((project / "skillpm.toml").read_text())
    assert manifest["skills"]["alpha"] == {"git": repo.url, "path": "skills/alpha"}
    assert sorted(manifest["agents"]) == ["claude-code", "codex"]
    lock = {s["name"]: s for s in tomllib.loads((project / "skillpm.lock").read_text())["skill"]}
    assert set(lock) == {"alpha", "beta"} and lock["alpha"]["commit"] == repo.head()
    assert lock["alpha"]["executables"] == ["scripts/run.sh"]
    assert cli("verify").exit_code == 0
    # A teammate's fresh clone with an empty cache restores the same bytes from the imported lock.
    (project / ".gitignore").write_text(".agents/\n.claude/\n")
    git(project, "init", "-q")
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "switch to skillpm")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", str(project), str(clone))
    shutil.rmtree(tmp_path / "cache")
    monkeypatch.chdir(clone)
    r = cli("install", "--frozen")
    assert r.exit_code == 0, r.output
    for name in ("alpha", "beta"):
        want = read_tree(repo.path / "skills" / name).h1
        assert read_tree(clone / ".claude/skills" / name).h1 == want == lock[name]["hash"]
        assert read_tree(clone / ".agents/skills" / name).h1 == want


def test_import_global_lock_v3(cli, project, git_repo, home):
    repo = git_repo()
    repo.add_skill("alpha", description="Alpha.")
    repo.commit()
    lockfile = home / ".agents/.skill-lock.json"
    lockfile.parent.mkdir(parents=True)
    lockfile.write_text(json.dumps({"version": 3, "skills": {"alpha": {
        "source": repo.url, "sourceType": "git", "sourceUrl": repo.url, "skillPath": "skills/alpha/SKILL.md",
        "skillFolderHash": repo.tree_id("skills/alpha"), "installedAt": "2026-11-01T00:00:00.000Z",
        "updatedAt": "2026-11-01T00:00:00.000Z"}}, "dismissed": {}, "lastSelectedAgents": ["claude-code"]}))
    doc = json.loads(cli("import", "--global", "--yes", "--json").stdout)["result"]
    assert doc["version"] == 3 and doc["skills"][0]["hash_check"] == "match"
    assert (home / ".claude/skills/alpha/SKILL.md").exists()
    assert "alpha" in cli("list", "--global").stdout
    assert not (project / "skillpm.lock").exists()


def test_import_refuses_unknown_version(cli, project):
    (project / "skills-lock.json").write_text('{"version": 7, "skills": {}}')
    r = cli("import")
    assert r.exit_code == 2 and "version 7" in r.stderr and "hint:" in r.stderr
