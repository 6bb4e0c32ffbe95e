"""--offline: only the cache (and the shipped index) is used; what would need the network is named.

"No network" is made real by moving the upstream repository away: any attempt to reach it fails.
"""

from __future__ import annotations

import shutil

from skillpm.hashing import read_tree


def _upstream(git_repo):
    up = git_repo("offline-up")
    up.add_skill("demo", description="Offline demo.", files={"references/a.md": "a\n"})
    up.commit()
    return up


def test_add_offline_without_cache_names_what_needs_the_network(cli, project, git_repo):
    up = _upstream(git_repo)
    r = cli("add", up.url, "-a", "claude-code", "--yes", "--offline")
    assert r.exit_code != 0
    assert up.url in r.stderr and "--offline" in r.stderr and "hint:" in r.stderr
    assert not (project / ".claude").exists() and not (project / "skillpm.lock").exists()


def test_add_offline_from_cache_needs_no_network(cli, project, git_repo, tmp_path, monkeypatch):
    up = _upstream(git_repo)
    first = tmp_path / "first"
    first.mkdir()
    monkeypatch.chdir(first)
    assert cli("add", up.url, "-a", "claude-code", "--yes").exit_code == 0
    h1 = read_tree(up.path / "skills/demo").h1
    shutil.move(up.path, tmp_path / "gone")  # the remote is unreachable from now on
    monkeypatch.chdir(project)
    r = cli("add", up.url, "-a", "claude-code", "--yes", "--offline")
    assert r.exit_code == 0, r.output
    assert read_tree(project / ".claude/skills/demo").h1 == h1
    r = cli("add", up.url, "-a", "claude-code", "--yes")  # and without --offline it says it cannot reach it
    assert r.exit_code == 3 and "cannot reach" in r.stderr


def test_install_offline_uses_store_then_git_cache_then_says_what_is_missing(cli, project, git_repo, tmp_path):
    up = _upstream(git_repo)
    assert cli("add", up.url, "-a", "claude-code", "--yes").exit_code == 0
    h1 = read_tree(project / ".claude/skills/demo").h1
    shutil.move(up.path, tmp_path / "gone")
    cache = tmp_path / "cache"
    # 1. from the content-addressed store
    shutil.rmtree(project / ".claude/skills/demo")
    assert cli("install", "--offline", "--yes").exit_code == 0
    assert read_tree(project / ".claude/skills/demo").h1 == h1
    # 2. store gone: from the cached git objects
    shutil.rmtree(cache / "store")
    shutil.rmtree(project / ".claude/skills/demo")
    r = cli("install", "--offline", "--yes")
    assert r.exit_code == 0, r.output
    assert read_tree(project / ".claude/skills/demo").h1 == h1
    # 3. nothing cached: a clear error naming the commit and the repository, nothing written
    shutil.rmtree(cache)
    shutil.rmtree(project / ".claude/skills/demo")
    r = cli("install", "--offline", "--yes")
    assert r.exit_code != 0
    assert "not in the cache" in r.stderr and "--offline" in r.stderr and up.url in r.stderr
    assert not (project / ".claude/skills/demo").exists()
