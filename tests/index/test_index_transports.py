"""Reading the index: shipped snapshot, local folder, git remote, sparse HTTP mirror."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from skillpm.errors import IntegrityError, SkillpmError
from skillpm.index import download_entry, open_index
from skillpm.index.format import entry_relpath
from skillpm.ops.index_build import build, parse_source


@pytest.fixture
def built(git_repo, tmp_path):
    """An index built from two real local upstreams; entries point at their file:// URLs."""
    a = git_repo("alpha")
    a.add_skill("pdf", description="Fill PDF forms and extract tables.", files={"scripts/run.sh": "#!/bin/sh\necho hi\n"})
    a.add_skill("csv-tools", description="Clean CSV files.")
    a.commit("alpha")
    b = git_repo("beta")
    b.add_skill("pdf", description="Another PDF helper that merges documents.")
    b.commit("beta")
    out = tmp_path / "index"
    build([parse_source(str(a.path)), parse_source(str(b.path))], out, workers=1)
    return out, a, b


def _git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", "-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false", *args], cwd=cwd,
                          check=True, capture_output=True, text=True).stdout.strip()


def test_local_folder_get_resolve_search(built):
    out, a, _ = built
    idx = open_index(str(out))
    aid = f"{_rid(a)}/csv-tools"
    assert idx.get(aid).name == "csv-tools"
    assert idx.resolve("csv-tools").id == aid
    assert idx.resolve(aid.upper()).id == aid  # ids are case-insensitive
    hits = idx.search("pdf")
    assert {h["name"] for h in hits[:2]} == {"pdf"} and len(hits) == 2
    assert idx.search("merges documents")[0]["id"].endswith("beta/pdf")


def _rid(repo) -> str:
    from skillpm.index.format import repo_id

    return repo_id(repo.url)


def test_ambiguous_name_lists_candidates(built):
    out, a, b = built
    with pytest.raises(SkillpmError) as exc:
        open_index(str(out)).resolve("pdf")
    assert "2 skills are named 'pdf'" in exc.value.message
    assert any(f"{_rid(a)}/pdf" in d and a.url in d for d in exc.value.details)
    assert any(f"{_rid(b)}/pdf" in d for d in exc.value.details)
    with pytest.raises(SkillpmError, match="no skill named 'nothing-like-it'"):
        open_index(str(out)).resolve("nothing-like-it")


def test_download_by_git_verifies_h1(built):
    out, a, _ = built
    idx = open_index(str(out))
    e = idx.get(f"{_rid(a)}/pdf")
    tree = download_entry(e, index=idx)
    assert tree.h1 == e.latest.h1 and "scripts/run.sh" in tree.executables
    e.latest.h1 = "h1:" + "A" * 43 + "="
    with pytest.raises(IntegrityError) as exc:
        download_entry(e, index=idx)
    assert exc.value.code == 4 and "do not match the index" in exc.value.message


def test_newer_schema_is_a_clear_error(built):
    out, *_ = built
    cfg = out / "config.toml"
    cfg.write_text(cfg.read_text().replace("schema = 1", "schema = 99"))
    with pytest.raises(SkillpmError) as exc:
        open_index(str(out)).get("x/y/z")
    assert "schema version 99" in exc.value.message and "upgrade skillpm" in exc.value.hint


def test_newer_schema_entry_is_a_clear_error(built):
    out, a, _ = built
    p = out / entry_relpath(f"{_rid(a)}/pdf")
    p.write_text(p.read_text().replace("schema = 1", "schema = 7", 1))
    with pytest.raises(SkillpmError, match="schema 7, newer"):
        open_index(str(out)).get(f"{_rid(a)}/pdf")


def test_git_remote_clone_and_incremental_update(built, tmp_path):
    out, a, _ = built
    remote = tmp_path / "index-remote"
    shutil.copytree(out, remote)
    _git(remote, "init", "-q")
    _git(remote, "add", "-A")
    _git(remote, "commit", "-qm", "index v1")
    url = "git+" + remote.as_uri()
    idx = open_index(url)
    first = idx.commit
    assert idx.get(f"{_rid(a)}/pdf") is not None and idx.resolve("csv-tools")
    # upstream changes; the index remote gets a new commit; update fetches it
    a.add_skill("new-one", description="Freshly added skill.")
    a.commit("more")
    build([parse_source(str(a.path))], remote, workers=1)
    _git(remote, "add", "-A")
    _git(remote, "commit", "-qm", "index v2")
    assert open_index(url).get(f"{_rid(a)}/new-one") is None  # not fetched yet
    res = open_index(url).update()
    assert res["commit"] != first and res["previous"] == first and res["entries"] == 4
    again = open_index(url)
    assert again.get(f"{_rid(a)}/new-one").description == "Freshly added skill."
    assert again.search("freshly")[0]["name"] == "new-one"


def test_file_url_of_a_git_repository_is_cloned(built, tmp_path):
    out, *_ = built
    bare = tmp_path / "bare.git"
    _git(out, "init", "-q")
    _git(out, "add", "-A")
    _git(out, "commit", "-qm", "index")
    _git(tmp_path, "clone", "-q", "--bare", str(out), str(bare))
    idx = open_index(bare.as_uri())
    assert idx.commit and idx.resolve("csv-tools").name == "csv-tools"


def test_shipped_index_is_the_offline_default(monkeypatch):
    monkeypatch.delenv("SKILLPM_INDEX", raising=False)
    idx = open_index()
    assert idx.url == "shipped"
    assert idx.config["schema"] == 1


def test_user_config_picks_the_index(built, tmp_path):
    out, *_ = built
    from skillpm import config
    from skillpm.paths import config_dir

    config_dir().mkdir(parents=True, exist_ok=True)
    (config_dir() / "config.toml").write_text(f'index = "{out.as_uri()}"\n')
    config._cached.cache_clear()
    assert open_index().url == out.as_uri()


def test_plain_http_mirror_only_on_loopback():
    with pytest.raises(SkillpmError, match="refusing plain-HTTP index"):
        open_index("sparse+http://example.com/index")
    with pytest.raises(SkillpmError, match="unsupported index URL"):
        open_index("ftp://example.com/index")
