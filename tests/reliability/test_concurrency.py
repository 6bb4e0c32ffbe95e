"""Concurrency: several real `skillpm` processes at once on one project and one shared cache."""

from __future__ import annotations

import multiprocessing
import os

from skillpm_testing import write_skill
from skillpm.hashing import read_tree

from .helpers import run_cli, start_cli


def _wait_all(procs):
    out = []
    for p in procs:
        stdout, stderr = p.communicate(timeout=600)
        out.append((p.returncode, stdout, stderr))
    return out


def _lock_and_manifest(project):
    from skillpm.lockfile import load_lock
    from skillpm.manifest import load_manifest

    return load_lock(project), load_manifest(project)


def test_eight_adds_at_once_all_land_in_lock_and_on_disk(project, sub_env):
    names = [f"skill-{i}" for i in range(8)]
    for n in names:
        write_skill(project / "vendor", n, f"Concurrent skill {n}.")
    procs = [start_cli(["add", f"./vendor/{n}", "-a", "claude-code", "-a", "codex", "--yes"], project, sub_env)
             for n in names]
    results = _wait_all(procs)
    assert [rc for rc, _, _ in results] == [0] * 8, [e for _, _, e in results]
    lock, manifest = _lock_and_manifest(project)
    assert sorted(lock.skills) == names
    assert sorted(manifest.skills) == names
    for n in names:
        h1 = read_tree(project / "vendor" / n).h1
        assert lock.skills[n].hash == h1
        for folder in (".claude/skills", ".agents/skills"):
            assert read_tree(project / folder / n).h1 == h1
    for folder in (".claude/skills", ".agents/skills"):
        assert sorted(os.listdir(project / folder)) == names  # no temporary siblings left
    r = run_cli(["verify"], project, sub_env)
    assert r.returncode == 0, r.stdout + r.stderr


def test_two_processes_adding_the_same_skill_agree(project, sub_env):
    write_skill(project / "vendor", "demo", "Demo.", files={f"references/r{i}.md": f"part {i}\n" * 50 for i in range(20)})
    procs = [start_cli(["add", "./vendor/demo", "-a", "claude-code", "--yes"], project, sub_env) for _ in range(2)]
    results = _wait_all(procs)
    assert [rc for rc, _, _ in results] == [0, 0], [e for _, _, e in results]
    lock, manifest = _lock_and_manifest(project)
    h1 = read_tree(project / "vendor/demo").h1
    assert list(lock.skills) == ["demo"] and lock.skills["demo"].hash == h1
    assert list(manifest.skills) == ["demo"]
    assert read_tree(project / ".claude/skills/demo").h1 == h1
    assert os.listdir(project / ".claude/skills") == ["demo"]


def test_same_name_from_two_sources_at_once_one_wins_cleanly(project, sub_env):
    # Both plan "new" before either holds the lock; the second to apply must see the first's
    # folder and lock entry and refuse, not overwrite it silently.
    write_skill(project / "a", "demo", "From a.")
    write_skill(project / "b", "demo", "From b.")
    procs = [start_cli(["add", f"./{src}/demo", "-a", "claude-code", "--yes"], project, sub_env) for src in "ab"]
    results = _wait_all(procs)
    codes = sorted(rc for rc, _, _ in results)
    assert codes[0] == 0
    lock, manifest = _lock_and_manifest(project)
    installed = read_tree(project / ".claude/skills/demo").h1
    assert lock.skills["demo"].hash == installed  # disk and lock agree, whoever won
    assert installed in {read_tree(project / "a/demo").h1, read_tree(project / "b/demo").h1}
    if codes[1] != 0:
        loser = next(e for rc, _, e in results if rc != 0)
        assert "error:" in loser and "hint:" in loser and "Traceback" not in loser
    r = run_cli(["verify"], project, sub_env)
    assert r.returncode == 0, r.stdout + r.stderr


def test_two_projects_share_one_cache_store(tmp_path, git_repo, sub_env):
    up = git_repo("shared")
    up.add_skill("demo", description="Shared.", files={"references/a.md": "x\n" * 100})
    up.commit()
    projects = [tmp_path / f"p{i}" for i in range(2)]
    for p in projects:
        p.mkdir()
    procs = [start_cli(["add", up.url, "-a", "claude-code", "--yes"], p, sub_env) for p in projects]
    results = _wait_all(procs)
    assert [rc for rc, _, _ in results] == [0, 0], [e for _, _, e in results]
    h1 = read_tree(up.path / "skills/demo").h1
    for p in projects:
        assert read_tree(p / ".claude/skills/demo").h1 == h1
    from skillpm import store

    assert store.get(h1) is not None  # one intact, verified entry
    # The shared git cache is sound: a later offline install in a fresh clone needs nothing else.
    clone = tmp_path / "clone"
    clone.mkdir()
    for f in ("skillpm.toml", "skillpm.lock"):
        (clone / f).write_bytes((projects[0] / f).read_bytes())
    import shutil

    shutil.rmtree(store.pack_path(h1).parent)  # force the bytes to come from the git cache
    r = run_cli(["install", "--offline", "--yes"], clone, sub_env)
    assert r.returncode == 0, r.stderr
    assert read_tree(clone / ".claude/skills/demo").h1 == h1


def _put_many(args):
    cache, seed = args
    os.environ["SKILLPM_CACHE_DIR"] = cache
    from skillpm import store
    from skillpm.hashing import Tree

    h = []
    for i in range(40):
        t = Tree({"SKILL.md": f"---\nname: s{i % 10}\ndescription: d\n---\n".encode(), "f.txt": str(i % 10).encode() * 1000})
        h.append(store.put(t))
        assert store.get(h[-1]) is not None
    return h


def test_store_put_get_from_many_processes(tmp_path, monkeypatch):
    cache = str(tmp_path / "shared-cache")
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(4) as pool:
        hashes = pool.map(_put_many, [(cache, s) for s in range(4)])
    monkeypatch.setenv("SKILLPM_CACHE_DIR", cache)
    from skillpm import store

    uniq = set(h for hs in hashes for h in hs)
    assert len(uniq) == 10
    assert all(store.get(h) is not None for h in uniq)
    leftovers = [p for p in (tmp_path / "shared-cache" / "store").rglob("*") if p.name.startswith(".skillpm-tmp-")]
    assert leftovers == []
