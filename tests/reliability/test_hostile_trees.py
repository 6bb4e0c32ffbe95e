"""Hostile trees at install level: `skillpm add` of a local folder or a git repository holding
something unsafe is refused with one clear error, and nothing is written (no agent folder, no
lock, no manifest, nothing in the store).

Git trees are crafted object by object (``git mktree``), so they can hold what no file system
or ``git add`` would: ``..`` entries, 300-byte names, control characters, 100,000 entries.
"""

from __future__ import annotations

import os
import stat
import time
import unicodedata
from pathlib import Path

import pytest

from conftest import git, write_skill
from skillpm.hashing import read_tree

SKILL_MD = b"---\nname: demo\ndescription: Hostile test skill.\n---\n# Demo\n"

# --------------------------------------------------------------------------- helpers


def nothing_written(project: Path, cache: Path) -> None:
    assert set(os.listdir(project)) <= {"vendor"}, os.listdir(project)
    store = cache / "store"
    assert not store.exists() or not any(p.is_file() for p in store.rglob("*"))


def refused(cli, project, source, *words, extra=()):
    r = cli("add", source, "-a", "claude-code", "--yes", *extra)
    assert r.exit_code != 0, r.output
    assert "error:" in r.stderr and "hint:" in r.stderr and "Traceback" not in r.output
    low = r.stderr.lower()
    assert any(w.lower() in low for w in words), r.stderr
    nothing_written(project, Path(os.environ["SKILLPM_CACHE_DIR"]))
    return r


def _hash_blob(repo: Path, data: bytes) -> str:
    import subprocess

    return subprocess.run(["git", "hash-object", "-w", "--stdin"], cwd=repo, input=data, capture_output=True,
                          check=True, timeout=60).stdout.decode().strip()


def _mktree(repo: Path, lines: list[tuple[str, str, str, bytes]]) -> str:
    """lines: (mode, type, oid, raw name bytes) → tree id (``mktree -z`` takes any name bytes)."""
    import subprocess

    body = b"".join(f"{m} {t} {o}\t".encode() + name + b"\0" for m, t, o, name in lines)
    return subprocess.run(["git", "mktree", "-z", "--missing"], cwd=repo, input=body, capture_output=True,
                          check=True, timeout=120).stdout.decode().strip()


def crafted_repo(tmp_path: Path, skill: dict[bytes, tuple[str, bytes]], name: str = "evil") -> str:
    """A repository whose only commit holds ``skills/demo/`` = ``skill`` (raw path → (mode, bytes)).
    Paths are split on b'/' into nested trees. Returns the file:// URL."""
    repo = tmp_path / "remotes" / name
    repo.mkdir(parents=True)
    git(repo, "init", "-q")
    blobs: dict[bytes, str] = {}

    def build(entries: dict[bytes, tuple[str, bytes]]) -> str:
        here, subs = [], {}
        for path, (mode, data) in entries.items():
            head, _, rest = path.partition(b"/")
            if rest:
                subs.setdefault(head, {})[rest] = (mode, data)
            else:
                if data not in blobs:
                    blobs[data] = _hash_blob(repo, data)
                typ = "commit" if mode == "160000" else "blob"
                oid = data.decode() if mode == "160000" else blobs[data]
                here.append((mode, typ, oid, head))
        for head, sub in subs.items():
            here.append(("040000", "tree", build(sub), head))
        return _mktree(repo, here)

    files = {b"SKILL.md": ("100644", SKILL_MD), **skill}
    root = build({b"skills/demo/" + p: v for p, v in files.items()})
    commit = git(repo, "commit-tree", root, "-m", "crafted")
    git(repo, "update-ref", "refs/heads/main", commit)
    git(repo, "symbolic-ref", "HEAD", "refs/heads/main")
    return repo.as_uri()


def blob(data: bytes | str, mode: str = "100644") -> tuple[str, bytes]:
    return mode, data.encode() if isinstance(data, str) else data


# --------------------------------------------------------------------------- git trees

GIT_CASES = {
    "dotdot-entry": ({b"..": blob("x")}, ["unsafe path"]),
    "dotdot-in-folder": ({b"refs/../x": blob("x")}, ["unsafe path"]),
    "nested-dot-git": ({b"sub/.git/config": blob("[core]\n\tfsmonitor = touch pwned\n")}, [".git"]),
    "symlink-absolute": ({b"passwd": blob("/etc/passwd", "120000")}, ["symlink"]),
    "symlink-climbs-out": ({b"up": blob("../../../../etc/passwd", "120000")}, ["symlink"]),
    "symlink-dangles": ({b"gone": blob("missing.md", "120000")}, ["symlink"]),
    "symlink-to-symlink": ({b"a": blob("b", "120000"), b"b": blob("SKILL.md", "120000")}, ["symlink"]),
    "control-char": ({b"a\x01b.md": blob("x")}, ["control"]),
    "newline-name": ({b"a\nb.md": blob("x")}, ["control"]),
    "escape-char": ({b"\x1b[31mred.md": blob("x")}, ["control"]),
    "backslash": ({b"..\\..\\evil.md": blob("x")}, ["backslash", "unsafe"]),
    "windows-CON": ({b"CON": blob("x")}, ["reserved on windows"]),
    "windows-nul-ext": ({b"nul.txt": blob("x")}, ["reserved on windows"]),
    "windows-com1-folder": ({b"com1/x.md": blob("x")}, ["reserved on windows"]),
    "windows-trailing-dot": ({b"notes.": blob("x")}, ["reserved on windows"]),
    "case-collision": ({b"README.md": blob("a"), b"readme.md": blob("b")}, ["collide"]),
    "nfc-nfd-collision": ({unicodedata.normalize("NFC", "é.md").encode(): blob("a"),
                           unicodedata.normalize("NFD", "é.md").encode(): blob("b")}, ["collide"]),
    "file-vs-folder-case": ({b"Docs": blob("a"), b"docs/x.md": blob("b")}, ["share a name", "collide"]),
    "long-name-300-bytes": ({b"n" * 300: blob("x")}, ["too long"]),
    "deep-path-30": ({b"/".join([b"d"] * 30) + b"/x.md": blob("x")}, ["too deep"]),
    "long-path-1100-bytes": ({b"/".join([b"p" * 200] * 6): blob("x")}, ["too long"]),
    "invalid-utf8-name": ({b"bad\xff.md": blob("x")}, ["utf-8", "unsafe", "control"]),
    "file-over-16MiB": ({b"big.bin": blob(b"\0" * (16 * 1024 * 1024 + 1))}, ["cap"]),
    "total-over-64MiB": ({f"part{i}.bin".encode(): blob(bytes([i]) * (6 * 1024 * 1024)) for i in range(11)},
                         ["size cap"]),
}


@pytest.mark.parametrize("case", sorted(GIT_CASES))
def test_hostile_git_tree_is_refused_and_nothing_written(case, cli, project, tmp_path):
    entries, words = GIT_CASES[case]
    url = crafted_repo(tmp_path, entries)
    refused(cli, project, url, *words)


def test_hundred_thousand_file_git_skill_is_refused_fast(cli, project, tmp_path):
    entries = {f"f/{i:06d}.md".encode(): blob("same bytes\n") for i in range(100_000)}
    url = crafted_repo(tmp_path, entries)
    t0 = time.monotonic()
    refused(cli, project, url, "more than 5000 files")
    assert time.monotonic() - t0 < 60  # the cap is checked on the listing, before any blob is read


def test_caps_are_configurable(cli, project, tmp_path):
    url = crafted_repo(tmp_path, {f"r{i}.md".encode(): blob(f"{i}") for i in range(5)})
    cfg = Path(os.environ["SKILLPM_CONFIG_DIR"])
    cfg.mkdir(parents=True, exist_ok=True)
    (cfg / "config.toml").write_text("[limits]\nmax-files = 3\n")
    from skillpm import config

    config._cached.cache_clear()
    refused(cli, project, url, "more than 3 files")
    (cfg / "config.toml").write_text("[limits]\nmax-files = 10\n")
    config._cached.cache_clear()
    r = cli("add", url, "-a", "claude-code", "--yes")
    assert r.exit_code == 0, r.output
    assert len(os.listdir(project / ".claude/skills/demo")) == 6


def test_submodule_entry_is_skipped_and_its_url_never_used(cli, project, tmp_path):
    marker = tmp_path / "pwned"
    gitmodules = f'[submodule "x"]\n\tpath = sub\n\turl = ext::sh -c "touch {marker}"\n'
    url = crafted_repo(tmp_path, {b".gitmodules": blob(gitmodules), b"sub": ("160000", b"1" * 40)})
    r = cli("add", url, "-a", "claude-code", "--yes")
    assert r.exit_code == 0, r.output
    assert sorted(os.listdir(project / ".claude/skills/demo")) == [".gitmodules", "SKILL.md"]
    assert not marker.exists()


# --------------------------------------------------------------------------- local folders


def _local(project: Path, build) -> str:
    folder = write_skill(project / "vendor", "demo", "Hostile local skill.")
    build(folder)
    return "./vendor/demo"


LOCAL_CASES = {
    "symlink-absolute": (lambda f: os.symlink("/etc/passwd", f / "passwd"), ["symlink"]),
    "symlink-climbs-out": (lambda f: os.symlink("../../../..", f / "up"), ["symlink"]),
    "symlink-dangles": (lambda f: os.symlink("nope.md", f / "gone.md"), ["symlink"]),
    "symlink-loop": (lambda f: (os.symlink("b", f / "a"), os.symlink("a", f / "b")), ["symlink"]),
    "fifo": (lambda f: os.mkfifo(f / "pipe"), ["device, socket or pipe"]),
    "control-char": (lambda f: (f / "a\x07b.md").write_text("x"), ["control"]),
    "windows-aux": (lambda f: (f / "aux.md").write_text("x"), ["reserved on windows"]),
    "case-collision": (lambda f: ((f / "Notes.md").write_text("a"), (f / "notes.md").write_text("b")), ["collide"]),
    "nfc-nfd-collision": (lambda f: ((f / unicodedata.normalize("NFC", "ü.md")).write_text("a"),
                                     (f / unicodedata.normalize("NFD", "ü.md")).write_text("b")), ["collide"]),
    "nested-dot-git": (lambda f: ((f / "sub/.git").mkdir(parents=True),
                                  (f / "sub/.git/config").write_text("[core]\n\tfsmonitor = touch pwned\n")), [".git"]),
}


@pytest.mark.parametrize("case", sorted(LOCAL_CASES))
def test_hostile_local_folder_is_refused_and_nothing_written(case, cli, project):
    build, words = LOCAL_CASES[case]
    refused(cli, project, _local(project, build), *words)


@pytest.mark.skipif(os.geteuid() != 0, reason="making a device node needs root")
def test_device_file_in_local_folder_is_refused(cli, project):
    src = _local(project, lambda f: os.mknod(f / "null", stat.S_IFCHR | 0o600, os.makedev(1, 3)))
    refused(cli, project, src, "device, socket or pipe")


def test_long_names_and_depth_caps_on_local_folders(cli, project):
    from skillpm import config

    cfg = Path(os.environ["SKILLPM_CONFIG_DIR"])
    cfg.mkdir(parents=True, exist_ok=True)
    (cfg / "config.toml").write_text("[limits]\nmax-name-bytes = 64\nmax-depth = 4\n")
    config._cached.cache_clear()
    src = _local(project, lambda f: (f / ("n" * 100 + ".md")).write_text("x"))
    refused(cli, project, src, "too long")
    import shutil

    shutil.rmtree(project / "vendor")
    src = _local(project, lambda f: ((f / "a/b/c/d").mkdir(parents=True), (f / "a/b/c/d/e.md").write_text("x")))
    refused(cli, project, src, "too deep")


def test_hundred_thousand_file_local_skill_is_refused_fast(cli, project):
    def build(f):
        d = f / "many"
        d.mkdir()
        for i in range(100_000):
            os.close(os.open(d / f"{i:06d}.md", os.O_CREAT | os.O_WRONLY, 0o644))

    src = _local(project, build)
    t0 = time.monotonic()
    refused(cli, project, src, "more than 5000 files")
    assert time.monotonic() - t0 < 60


def test_hard_link_in_local_folder_is_an_ordinary_file(cli, project, tmp_path):
    # Documented: a hard link *is* a regular file (the user chose the folder); its bytes are copied,
    # and the installed copy shares no inode with the source or the file outside.
    outside = tmp_path / "outside.md"
    outside.write_text("shared bytes\n")
    src = _local(project, lambda f: os.link(outside, f / "linked.md"))
    r = cli("add", src, "-a", "claude-code", "--yes")
    assert r.exit_code == 0, r.output
    installed = project / ".claude/skills/demo/linked.md"
    assert installed.read_text() == "shared bytes\n"
    assert os.stat(installed).st_nlink == 1
    assert os.stat(installed).st_ino != os.stat(outside).st_ino
    outside.write_text("changed later\n")  # same inode as the source's linked.md
    assert installed.read_text() == "shared bytes\n"


def test_internal_symlink_is_copied_not_linked(cli, project):
    src = _local(project, lambda f: ((f / "docs").mkdir(), (f / "docs/a.md").write_text("a"),
                                     os.symlink("docs/a.md", f / "alias.md")))
    r = cli("add", src, "-a", "claude-code", "--yes")
    assert r.exit_code == 0, r.output
    alias = project / ".claude/skills/demo/alias.md"
    assert not alias.is_symlink() and alias.read_text() == "a"


# --------------------------------------------------------------------------- target folders


def test_symlinked_agent_folder_is_followed_and_its_link_kept(cli, project, tmp_path):
    # People keep ~/.claude in a dotfiles repo: `.claude` -> dotfiles/claude. skillpm writes through
    # the user's own link, keeps it a link, and never replaces it with a folder.
    dot = tmp_path / "dotfiles" / "claude"
    (dot / "skills" / "mine").mkdir(parents=True)
    (dot / "skills" / "mine" / "SKILL.md").write_text("---\nname: mine\ndescription: The user's own.\n---\n")
    (dot / "settings.json").write_text("{}")
    os.symlink(dot, project / ".claude")
    src = _local(project, lambda f: None)
    r = cli("add", src, "-a", "claude-code", "--yes")
    assert r.exit_code == 0, r.output
    assert (project / ".claude").is_symlink()
    assert read_tree(dot / "skills" / "demo").h1 == read_tree(project / "vendor/demo").h1
    assert cli("verify").exit_code == 0
    r = cli("remove", "demo")
    assert r.exit_code == 0, r.output
    assert (project / ".claude").is_symlink() and not (dot / "skills" / "demo").exists()
    assert (dot / "skills" / "mine" / "SKILL.md").exists() and (dot / "settings.json").exists()


def test_symlinked_skills_folder_is_followed_too(cli, project, tmp_path):
    shared = tmp_path / "shared-skills"
    shared.mkdir()
    (project / ".claude").mkdir()
    os.symlink(shared, project / ".claude" / "skills")
    src = _local(project, lambda f: None)
    assert cli("add", src, "-a", "claude-code", "--yes").exit_code == 0
    assert (project / ".claude/skills").is_symlink() and (shared / "demo" / "SKILL.md").exists()
    assert cli("remove", "demo").exit_code == 0
    assert (project / ".claude/skills").is_symlink() and shared.is_dir() and not (shared / "demo").exists()


def test_skill_folder_that_is_a_users_symlink_is_never_replaced_or_followed_on_remove(cli, project, tmp_path):
    # `.claude/skills/demo` is the user's own link to their working copy: add refuses without
    # --force, and even with --force only the link is replaced, never the folder it points to.
    work = write_skill(tmp_path / "work", "demo", "The user's working copy.")
    (project / ".claude/skills").mkdir(parents=True)
    os.symlink(work, project / ".claude/skills/demo")
    src = _local(project, lambda f: None)
    r = cli("add", src, "-a", "claude-code", "--yes")
    assert r.exit_code != 0 and "not installed by skillpm" in r.stderr
    before = read_tree(work).h1
    assert cli("add", src, "-a", "claude-code", "--yes", "--force").exit_code == 0
    assert not (project / ".claude/skills/demo").is_symlink()
    assert read_tree(work).h1 == before  # the link's target is untouched
    assert cli("remove", "demo").exit_code == 0
    assert read_tree(work).h1 == before


def test_remove_never_deletes_what_skillpm_did_not_create(cli, project):
    src = _local(project, lambda f: None)
    assert cli("add", src, "-a", "claude-code", "--yes").exit_code == 0
    mine = write_skill(project / ".claude/skills", "mine", "Made by hand.")
    (project / ".claude/skills/demo/notes.md").write_text("my edit")  # user edited an installed skill
    r = cli("remove", "demo")
    assert r.exit_code != 0 and "edited" in r.stderr
    assert (project / ".claude/skills/demo/notes.md").exists()
    (project / ".claude/skills/demo/notes.md").unlink()
    assert cli("remove", "demo").exit_code == 0
    assert (mine / "SKILL.md").exists() and (project / ".claude/skills").is_dir()
