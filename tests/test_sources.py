import subprocess

import pytest

from skillpm.errors import SkillpmError
from skillpm.sources import parse_source, pick, resolve_source


@pytest.mark.parametrize("text,kind,location,ref,sub", [
    ("owner/repo", "git", "https://github.com/owner/repo", None, ""),
    ("owner/repo/skills/pdf", "git", "https://github.com/owner/repo", None, "skills/pdf"),
    ("owner/repo/skills/pdf@v1.2", "git", "https://github.com/owner/repo", "v1.2", "skills/pdf"),
    ("owner/repo#main", "git", "https://github.com/owner/repo", "main", ""),
    ("https://github.com/o/r/tree/main/skills/x", "git", "https://github.com/o/r", "main", "skills/x"),
    ("https://github.com/o/r.git", "git", "https://github.com/o/r", None, ""),
    ("https://github.com/o/r@v2", "git", "https://github.com/o/r", "v2", ""),
    ("https://gitlab.com/g/r.git#dev", "git", "https://gitlab.com/g/r.git", "dev", ""),
    ("git@github.com:o/r.git", "git", "git@github.com:o/r.git", None, ""),
    ("git@github.com:o/r.git@v1", "git", "git@github.com:o/r.git", "v1", ""),
    ("ssh://git@host/o/r.git#abc", "git", "ssh://git@host/o/r.git", "abc", ""),
    ("file:///srv/repo@v1", "git", "file:///srv/repo", "v1", ""),
    ("./skills/mine", "local", "skills/mine", None, ""),
])
def test_parse_source(text, kind, location, ref, sub):
    spec = parse_source(text)
    assert (spec.kind, spec.location, spec.ref, spec.subpath) == (kind, location, ref, sub)


def test_unparseable_source():
    with pytest.raises(SkillpmError) as exc:
        parse_source("::::")
    assert exc.value.hint


def test_local_folder_of_skills_skips_git_and_node_modules(tmp_path):
    from skillpm_testing import write_skill

    write_skill(tmp_path / "pack", "one")
    write_skill(tmp_path / "pack/nested", "two")
    write_skill(tmp_path / "pack/node_modules", "dep")
    write_skill(tmp_path / "pack/.git", "hidden")
    cands = resolve_source(parse_source(str(tmp_path / "pack")))
    assert sorted(c.name for c in cands) == ["one", "two"]


def test_pick_lists_what_exists(tmp_path):
    from skillpm_testing import write_skill

    write_skill(tmp_path / "pack", "one")
    cands = resolve_source(parse_source(str(tmp_path / "pack")))
    with pytest.raises(SkillpmError) as exc:
        pick(cands, ["nope"], "pack")
    assert "one" in exc.value.hint


def test_git_source_records_commit_and_tree(git_repo):
    repo = git_repo()
    repo.add_skill("alpha", description="Alpha.")
    repo.add_skill("beta", description="Beta.")
    head = repo.commit("two skills")
    repo.tag("v1")
    cands = resolve_source(parse_source(repo.url + "@v1"))
    assert [c.name for c in cands] == ["alpha", "beta"]
    a = cands[0]
    assert a.commit == head
    assert a.tree_id == repo.tree_id("skills/alpha")
    assert a.path == "skills/alpha"
    assert a.skill.tree.files["SKILL.md"].startswith(b"---\nname: alpha")


def test_second_resolve_of_pinned_commit_needs_no_network(git_repo, tmp_path):
    repo = git_repo()
    repo.add_skill("alpha")
    head = repo.commit()
    resolve_source(parse_source(f"{repo.url}#{head}"))
    # Move the upstream away: a pinned commit already in the cache must not touch it.
    moved = tmp_path / "moved"
    repo.path.rename(moved)
    cands = resolve_source(parse_source(f"{repo.url}#{head}"))
    assert cands[0].commit == head
    cands = resolve_source(parse_source(f"{repo.url}#{head}"), offline=True)
    assert cands[0].name == "alpha"


def test_branch_ref_and_missing_ref(git_repo):
    repo = git_repo()
    repo.add_skill("alpha", description="v1")
    repo.commit()
    repo.branch("dev")
    repo.add_skill("alpha", description="v2 on dev")
    dev = repo.commit()
    cands = resolve_source(parse_source(repo.url + "#dev"))
    assert cands[0].commit == dev
    assert cands[0].skill.description == "v2 on dev"
    with pytest.raises(SkillpmError, match="ref 'nope' does not exist"):
        resolve_source(parse_source(repo.url + "#nope"))


def test_missing_repository(tmp_path):
    with pytest.raises(SkillpmError) as exc:
        resolve_source(parse_source((tmp_path / "no-such-repo").as_uri()))
    assert exc.value.code == 3
    assert exc.value.hint


def test_git_symlink_out_of_skill_refused(git_repo):
    repo = git_repo()
    repo.add_skill("alpha")
    (repo.path / "secret.txt").write_text("secret")
    (repo.path / "skills/alpha/leak.txt").symlink_to("../../secret.txt")
    repo.commit()
    with pytest.raises(SkillpmError, match="outside the skill"):
        resolve_source(parse_source(repo.url))


def test_git_internal_symlink_materialised(git_repo):
    repo = git_repo()
    repo.add_skill("alpha", files={"docs/a.md": "hello\n"})
    (repo.path / "skills/alpha/b.md").symlink_to("docs/a.md")
    repo.commit()
    c = resolve_source(parse_source(repo.url))[0]
    assert c.skill.tree.files["b.md"] == b"hello\n"


def test_no_hooks_run_from_fetched_repo(git_repo, tmp_path):
    repo = git_repo()
    repo.add_skill("alpha")
    repo.write({".gitattributes": "*.md filter=evil\n"})
    repo.commit()
    marker = tmp_path / "pwned"
    subprocess.run(["git", "config", "filter.evil.smudge", f"touch {marker}; cat"], cwd=repo.path, check=True)
    resolve_source(parse_source(repo.url))
    assert not marker.exists()


def test_ext_transport_refused():
    with pytest.raises(SkillpmError, match="not allowed"):
        resolve_source(parse_source("ext::sh -c touch% /tmp/pwned"))


def test_control_characters_in_source_are_a_user_error():
    # Found by the hypothesis fuzzer: '~\x00' used to escape as ValueError (embedded null byte).
    with pytest.raises(SkillpmError, match="control characters"):
        parse_source("~\x00")


def test_git_skill_over_the_size_cap_is_refused_before_its_blobs_are_read(git_repo, tmp_path, monkeypatch):
    from skillpm import gitutil

    repo = git_repo()
    repo.add_skill("big", files={"data.bin": b"x" * 4096})
    repo.commit()
    (tmp_path / "config").mkdir(exist_ok=True)
    (tmp_path / "config" / "config.toml").write_text("[limits]\nmax-file-bytes = 1024\n")
    from skillpm import config

    config._cached.cache_clear()
    read = []
    real = gitutil.cat_blobs
    monkeypatch.setattr(gitutil, "cat_blobs", lambda d, oids: read.append(len(oids)) or real(d, oids))
    with pytest.raises(SkillpmError, match="data.bin is 4096 bytes, over the cap of 1024"):
        resolve_source(parse_source(repo.url))
    assert read == []  # the cap was checked from ls-tree's sizes: no blob was read
