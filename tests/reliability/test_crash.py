"""Crash safety: SIGKILL the real CLI during add, install, update and remove (bench/crash_trials.py).

CI runs a small sample (SKILLPM_CRASH_TRIALS, default 8: two per command); the full run is
`python bench/crash_trials.py --trials 200` (or SKILLPM_STRESS=1 for the slow test below).
Deterministic tests pin the two windows the random trials found.
"""

from __future__ import annotations

import importlib.util
import os

import pytest

from skillpm_testing import write_skill
from skillpm.hashing import read_tree

from .helpers import REPO, run_cli


def _crash_module():
    spec = importlib.util.spec_from_file_location("crash_trials", REPO / "bench" / "crash_trials.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _assert_clean(summary: dict) -> None:
    assert summary["failures"] == [], summary["failures"][:3]
    assert summary["violations"] == 0
    assert summary["killed"] > 0  # the kills really happened


def test_crash_trials_sample(tmp_path, tiktoken_dir, monkeypatch):
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(tiktoken_dir))
    n = int(os.environ.get("SKILLPM_CRASH_TRIALS", "8"))
    summary = _crash_module().run_trials(n, tmp_path / "crash", seed=7, workers=2)
    assert summary["trials"] == n
    assert set(summary["by_command"]) >= {"add", "install", "remove"}
    _assert_clean(summary)


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("SKILLPM_STRESS"), reason="long stress run: set SKILLPM_STRESS=1")
def test_crash_trials_full(tmp_path, tiktoken_dir, monkeypatch):
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(tiktoken_dir))
    summary = _crash_module().run_trials(200, tmp_path / "crash", seed=20261130)
    assert summary["trials"] == 200
    _assert_clean(summary)


def test_rerunning_add_of_a_relative_local_source_completes(project, sub_env):
    # An add killed after the lock was written is finished by running it again: the same
    # ./vendor source must not be mistaken for "another skill of that name".
    write_skill(project / "vendor", "demo", "Demo.")
    for _ in range(2):
        r = run_cli(["add", "./vendor/demo", "-a", "claude-code", "--yes"], project, sub_env)
        assert r.returncode == 0, r.stderr
    assert read_tree(project / ".claude/skills/demo").h1 == read_tree(project / "vendor/demo").h1


def test_rerunning_remove_killed_between_lock_and_manifest_finishes_it(project, cli):
    # The state a kill between the two atomic writes leaves: the lock no longer lists demo,
    # the manifest still does. `remove demo` again must finish, not answer "not installed".
    write_skill(project / "vendor", "demo", "Demo.")
    assert cli("add", "./vendor/demo", "-a", "claude-code", "--yes").exit_code == 0
    from skillpm.lockfile import load_lock, save_lock
    from skillpm.manifest import load_manifest

    lock = load_lock(project)
    del lock.skills["demo"]
    save_lock(lock)
    (project / ".claude/skills/demo").rename(project / ".claude/skills/.skillpm-tmp-rm-demo-1")  # half-removed
    r = cli("remove", "demo")
    assert r.exit_code == 0, r.output
    assert "demo" not in load_manifest(project).skills
    assert "demo" not in load_lock(project).skills


def test_interrupted_swap_is_put_back_by_the_next_run(project, cli):
    # Non-Linux replace_dir: target renamed aside, crash, new folder never renamed in.
    write_skill(project / "vendor", "demo", "Demo.")
    assert cli("add", "./vendor/demo", "-a", "claude-code", "--yes").exit_code == 0
    skills = project / ".claude/skills"
    (skills / "demo").rename(skills / ".skillpm-old-demo")
    r = cli("install", "--yes")
    assert r.exit_code == 0, r.output
    assert read_tree(skills / "demo").h1 == read_tree(project / "vendor/demo").h1
    assert not [p for p in os.listdir(skills) if p.startswith(".skillpm-")]
