"""skillpm.archive on real .tar.gz files built here with tarfile (and one from real `git archive`)."""

from __future__ import annotations

import gzip
import io
import os
import subprocess
import tarfile
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skillpm import archive, http
from skillpm.errors import IntegrityError, SkillpmError
from skillpm.hashing import DEFAULT_LIMITS, check_relpath, read_tree

from .conftest import Step

TOP = "repo-0123456789abcdef0123456789abcdef01234567"
SKILL_MD = b"---\nname: demo\ndescription: A demo skill.\n---\n# Demo\n"


class _Zeros(io.RawIOBase):
    def __init__(self, n):
        self.left = n

    def readable(self):
        return True

    def readinto(self, b):
        n = min(len(b), self.left)
        b[:n] = bytes(n)
        self.left -= n
        return n


def make_tar(entries, *, top: str | None = TOP, compress: bool = True, level: int = 6) -> bytes:
    """entries: (name, spec) where spec is bytes (file), ("exec", bytes), ("dir",), ("sym", target),
    ("hard", target), ("chr",), ("blk",), ("fifo",), ("zeros", size)."""
    buf = io.BytesIO()
    raw = gzip.GzipFile(fileobj=buf, mode="wb", compresslevel=level, mtime=0) if compress else buf
    with tarfile.open(fileobj=raw, mode="w|", format=tarfile.PAX_FORMAT,
                      pax_headers={"comment": "0123456789abcdef0123456789abcdef01234567"}) as tar:
        if top:
            info = tarfile.TarInfo(top)
            info.type, info.mode = tarfile.DIRTYPE, 0o775
            tar.addfile(info)
        for name, spec in entries:
            info = tarfile.TarInfo(f"{top}/{name}" if top and not name.startswith("/") else name)
            info.mode = 0o664
            fileobj = None
            if isinstance(spec, bytes):
                info.size, fileobj = len(spec), io.BytesIO(spec)
            elif spec[0] == "exec":
                info.size, fileobj, info.mode = len(spec[1]), io.BytesIO(spec[1]), 0o775
            elif spec[0] == "zeros":
                info.size, fileobj = spec[1], _Zeros(spec[1])
            elif spec[0] == "dir":
                info.type, info.mode = tarfile.DIRTYPE, 0o775
            elif spec[0] == "sym":
                info.type, info.linkname = tarfile.SYMTYPE, spec[1]
            elif spec[0] == "hard":
                info.type, info.linkname = tarfile.LNKTYPE, spec[1]
            else:
                info.type = {"chr": tarfile.CHRTYPE, "blk": tarfile.BLKTYPE, "fifo": tarfile.FIFOTYPE}[spec[0]]
            tar.addfile(info, fileobj)
    if compress:
        raw.close()
    return buf.getvalue()


def extract(data: bytes, sub: str = "skills/demo", **kw):
    return archive.extract_skill(io.BytesIO(data), sub, **kw)


@pytest.fixture
def refused(project):
    """Assert an archive is refused with a message, and that nothing at all was written."""

    def check(data: bytes, match: str, sub: str = "skills/demo", exc=SkillpmError, **kw):
        before = sorted(Path(project).parent.rglob("*"))
        result = None
        with pytest.raises(exc, match=match) as info:
            result = extract(data, sub, **kw)
        assert result is None
        assert sorted(Path(project).parent.rglob("*")) == before
        assert info.value.hint
        return info.value

    return check


def demo(**extra):
    return [("README.md", b"repo readme"), ("skills/other/SKILL.md", b"other"),
            ("skills/demo", ("dir",)), ("skills/demo/SKILL.md", SKILL_MD), *extra.items()]


# --- what comes out -------------------------------------------------------------

def test_extracts_only_the_skill_with_executables():
    data = make_tar(demo(**{"skills/demo/scripts/run.sh": ("exec", b"#!/bin/sh\necho hi\n"),
                            "skills/demo/refs/a.md": b"a\n"}))
    tree = extract(data)
    assert tree.files == {"SKILL.md": SKILL_MD, "scripts/run.sh": b"#!/bin/sh\necho hi\n", "refs/a.md": b"a\n"}
    assert tree.executables == {"scripts/run.sh"}


def test_root_subpath_and_plain_tar():
    data = make_tar([("SKILL.md", SKILL_MD), ("x.md", b"x")], compress=False)
    assert set(extract(data, "").files) == {"SKILL.md", "x.md"}
    assert set(extract(data, ".").files) == {"SKILL.md", "x.md"}


def test_same_h1_as_the_folder_from_real_git_archive(git_repo, tmp_path):
    repo = git_repo("upstream")
    folder = repo.add_skill("demo", files={"scripts/run.sh": "#!/bin/sh\necho hi\n", "refs/ü.md": "u\n",
                                           "refs/deep/b.md": "b\n"})
    os.symlink("refs/ü.md", folder / "link.md")  # a link inside the skill: materialised
    os.symlink("refs", folder / "refs-link")  # a folder link inside the skill
    commit = repo.commit("add demo")
    data = subprocess.run(["git", "archive", "--format=tar.gz", f"--prefix=upstream-{commit}/", commit],
                          cwd=repo.path, check=True, capture_output=True).stdout
    tree = extract(data, "skills/demo")
    on_disk = read_tree(folder)
    assert tree.files == on_disk.files
    assert tree.executables == on_disk.executables == {"scripts/run.sh"}
    assert tree.h1 == on_disk.h1
    assert tree.files["link.md"] == b"u\n" and tree.files["refs-link/deep/b.md"] == b"b\n"


def test_internal_symlink_chain_is_materialised():
    data = make_tar(demo(**{"skills/demo/a.md": b"A", "skills/demo/l1": ("sym", "l2"),
                            "skills/demo/l2": ("sym", "sub/../a.md"), "skills/demo/sub/x": b"x"}))
    tree = extract(data)
    assert tree.files["l1"] == tree.files["l2"] == b"A"


# --- refusals anywhere in the archive ---------------------------------------------

def test_dotdot_member_refused(refused):
    err = refused(make_tar(demo(**{"skills/demo/../../../etc/passwd": b"x"})), r"path with '\.\.'",
                  exc=IntegrityError)
    assert err.code == 4


def test_dotdot_outside_the_skill_refused_too(refused):
    refused(make_tar(demo(**{"other/../../x": b"x"})), r"'\.\.'", exc=IntegrityError)


def test_absolute_member_refused(refused):
    refused(make_tar(demo(**{"/etc/cron.d/evil": b"x"})), "absolute path", exc=IntegrityError)


def test_two_top_folders_refused(refused):
    data = make_tar([("a/SKILL.md", SKILL_MD), ("b/x", b"x")], top=None)
    refused(data, "more than one top folder", sub="", exc=IntegrityError)


@pytest.mark.parametrize("data,match", [
    (b"this is not an archive at all, just text" * 10, "not a tar archive|damaged"),
    (b"\x1f\x8b\x08\x00garbage-after-gzip-magic" * 3, "not a valid gzip stream"),
])
def test_garbage_refused(refused, data, match):
    refused(data, match, exc=IntegrityError)


def test_truncated_gzip_refused(refused):
    data = make_tar(demo(**{"skills/demo/big.md": os.urandom(50_000)}))
    refused(data[: len(data) // 2], "truncated|damaged", exc=IntegrityError)


def test_decompression_bomb_outside_the_skill_refused_by_counted_bytes(refused):
    data = make_tar(demo(**{"bomb.bin": ("zeros", 64 << 20)}), level=1)
    assert len(data) < (64 << 20) // 100  # a small download that unpacks 100+ times bigger
    refused(data, "unpacks to more than 8388608 bytes", exc=IntegrityError,
            limits={**DEFAULT_LIMITS, "max_archive_bytes": 8 << 20})


def test_archive_caps_from_config(refused):
    from skillpm import config

    cfg = Path(os.environ["SKILLPM_CONFIG_DIR"]) / "config.toml"
    cfg.parent.mkdir(parents=True, exist_ok=True)
    cfg.write_text("[limits]\nmax-archive-bytes = 100000\nmax-archive-members = 50\n", encoding="utf-8")
    config._cached.cache_clear()
    lim = archive.archive_limits()
    assert (lim["max_archive_bytes"], lim["max_archive_members"]) == (100_000, 50)
    assert archive.archive_limits({**DEFAULT_LIMITS, "max_archive_members": 7})["max_archive_members"] == 7
    refused(make_tar(demo(**{"big.bin": ("zeros", 200_000)})), "unpacks to more than 100000 bytes", exc=IntegrityError)


def test_too_many_members_refused(refused):
    data = _many_empty_files(f"{TOP}/junk/", 6_000)
    refused(data, "more than 5000 entries", exc=IntegrityError,
            limits={**DEFAULT_LIMITS, "max_archive_members": 5_000})


# --- refusals inside the skill ----------------------------------------------------

@pytest.mark.parametrize("target,why", [
    ("../../README.md", "points outside the skill"),
    ("../other/SKILL.md", "points outside the skill"),
    ("/etc/passwd", "is absolute"),
    ("nowhere.md", "dangles"),
    ("sub/../../../x", "points outside the skill"),
])
def test_bad_symlinks_refused(refused, target, why):
    refused(make_tar(demo(**{"skills/demo/link": ("sym", target), "skills/demo/sub/x": b"x"})), why)


def test_symlink_escaping_through_another_link_refused(refused):
    refused(make_tar(demo(**{"skills/demo/up": ("sym", ".."), "skills/demo/l": ("sym", "up/../README.md")})),
            "outside the skill")


def test_symlink_loop_refused(refused):
    refused(make_tar(demo(**{"skills/demo/a/loop": ("sym", ".."), "skills/demo/a/x": b"x"})),
            "too deep|more than")


def test_skill_folder_itself_a_symlink_refused(refused):
    refused(make_tar([("README.md", b"r"), ("skills/real/SKILL.md", SKILL_MD), ("skills/demo", ("sym", "real"))]),
            "is a link, not a folder")


def test_hard_link_refused(refused):
    refused(make_tar(demo(**{"skills/demo/h": ("hard", f"{TOP}/README.md")})), "hard link", exc=IntegrityError)


@pytest.mark.parametrize("kind", ["chr", "blk", "fifo"])
def test_devices_and_fifos_refused(refused, kind):
    refused(make_tar(demo(**{"skills/demo/dev": (kind,)})), "device, fifo", exc=IntegrityError)


def test_oversized_file_refused_from_its_header(refused):
    data = make_tar(demo(**{"skills/demo/huge.bin": ("zeros", 17 << 20)}), level=1)
    refused(data, "over the cap of 16777216")


def test_skill_over_total_size_refused(refused):
    files = {f"skills/demo/f{i}.bin": ("zeros", 1 << 20) for i in range(5)}
    refused(make_tar(demo(**files), level=1), "over the size cap", limits={**DEFAULT_LIMITS, "max_total_bytes": 3 << 20})


def _many_empty_files(prefix: str, n: int) -> bytes:
    """A tar.gz of ``n`` empty files, headers written directly (tarfile takes ~30 us per member)."""
    template = bytearray(tarfile.TarInfo("x").tobuf(tarfile.USTAR_FORMAT))
    template[0:100] = bytes(100)
    template[148:156] = b" " * 8
    base = sum(template)  # the checksum is a byte sum: add each name's bytes to it
    middle, tail = bytes(template[100:148]), bytes(template[156:])
    info = tarfile.TarInfo(f"{TOP}/skills/demo/SKILL.md")
    info.size = len(SKILL_MD)
    out = [info.tobuf(tarfile.USTAR_FORMAT) + SKILL_MD + bytes(-len(SKILL_MD) % 512)]
    for i in range(n):
        name = f"{prefix}{i}.md".encode()
        out.append(name.ljust(100, b"\0") + middle + b"%06o\0 " % (base + sum(name)) + tail)
    out.append(bytes(1024))
    return gzip.compress(b"".join(out), compresslevel=1, mtime=0)


def test_100000_tiny_files_refused(refused):
    data = _many_empty_files(f"{TOP}/skills/demo/f/", 100_000)
    refused(data, "holds more than 5000 files")


@pytest.mark.parametrize("name,match", [
    ("a" * 300 + ".md", "too long"),
    ("/".join(["d"] * 30) + "/x.md", "nested too deep"),
    ("/".join(["d" * 200] * 6) + "/x.md", "too long"),
    ("CON", "reserved on Windows"),
    ("nul.txt", "reserved on Windows"),
    ("refs/aux.md", "reserved on Windows"),
    ("bad\x01name.md", "control characters"),
    ("new\nline.md", "control characters"),
    ("back\\slash.md", "backslash"),
    ("trailing. ", "reserved on Windows"),
])
def test_bad_names_refused(refused, name, match):
    refused(make_tar(demo(**{f"skills/demo/{name}": b"x"})), match)


def test_case_collision_refused(refused):
    refused(make_tar(demo(**{"skills/demo/skill.md": b"lower"})), "collide")


def test_nfc_collision_refused(refused):
    nfc, nfd = unicodedata.normalize("NFC", "é.md"), unicodedata.normalize("NFD", "é.md")
    assert nfc != nfd
    refused(make_tar(demo(**{f"skills/demo/{nfc}": b"1", f"skills/demo/{nfd}": b"2"})), "collide")


def test_file_and_folder_collision_refused(refused):
    refused(make_tar(demo(**{"skills/demo/Refs": b"f", "skills/demo/refs/a.md": b"a"})), "share a name|collide")


def test_duplicate_member_refused(refused):
    entries = demo() + [("skills/demo/SKILL.md", b"second copy")]
    refused(make_tar(entries), "more than once", exc=IntegrityError)


def test_missing_subpath_is_clear(refused):
    refused(make_tar(demo()), "has no folder 'skills/nope'", sub="skills/nope")
    refused(make_tar(demo()), "unsafe path", sub="skills/../../etc")


def test_members_outside_the_skill_are_not_judged():
    data = make_tar(demo(**{"CON": b"x", "other/dev": ("chr",), "l": ("sym", "/etc/passwd"),
                            "h": ("hard", f"{TOP}/README.md")}))
    assert set(extract(data).files) == {"SKILL.md"}


# --- over HTTP --------------------------------------------------------------------

def test_fetch_skill_streams_and_retries(fault_server):
    data = make_tar(demo(**{"skills/demo/refs/a.md": os.urandom(40_000).hex().encode()}))
    url = fault_server.route("/archive.tar.gz", Step(body=data, fault="truncate"), Step(body=data, fault="stall"),
                             Step(body=data))
    import hashlib

    tree = archive.fetch_skill(url, "skills/demo", expected_sha256=hashlib.sha256(data).hexdigest())
    assert set(tree.files) == {"SKILL.md", "refs/a.md"}
    assert fault_server.hits("/archive.tar.gz") == 3


def test_fetch_skill_checks_the_skill_h1(fault_server):
    data = make_tar(demo())
    url = fault_server.route("/archive.tar.gz", Step(body=data))
    good = extract(data).h1
    assert archive.fetch_skill(url, "skills/demo", expected_h1=good).h1 == good
    with pytest.raises(IntegrityError, match="does not match the hash the index recorded") as info:
        archive.fetch_skill(url, "skills/demo", expected_h1="h1:" + "A" * 43 + "=")
    assert info.value.code == 4 and any(good in d for d in info.value.details)


def test_fetch_skill_hash_mismatch_returns_nothing(fault_server):
    data = make_tar(demo())
    url = fault_server.route("/archive.tar.gz", Step(body=data))
    with pytest.raises(IntegrityError, match="does not match"):
        archive.fetch_skill(url, "skills/demo", expected_sha256="0" * 64)


def test_fetch_skill_unsafe_archive_not_retried(fault_server):
    url = fault_server.route("/archive.tar.gz", Step(body=make_tar(demo(**{"skills/demo/x/../../y": b"1"}))))
    with pytest.raises(IntegrityError, match=r"'\.\.'"):
        archive.fetch_skill(url, "skills/demo")
    assert fault_server.hits("/archive.tar.gz") == 1


def test_fetch_skill_caps_the_download(fault_server):
    data = make_tar(demo(**{"skills/demo/big": os.urandom(100_000)}))
    url = fault_server.route("/archive.tar.gz", Step(body=data))
    with pytest.raises(http.NetworkError, match="over the cap"):
        archive.fetch_skill(url, "skills/demo", max_bytes=10_000)


# --- any names at all -------------------------------------------------------------

_SEGMENT = st.one_of(st.sampled_from(["..", ".", "", "CON", "a", "A", "é", unicodedata.normalize("NFD", "é"),
                                      "b\\c", "x\x00y", "t\x1b", "nul.txt", "/", "C:"]),
                     st.text(min_size=1, max_size=12))
_NAME = st.lists(_SEGMENT, min_size=1, max_size=5).map("/".join)
_SPEC = st.one_of(st.binary(max_size=20), st.tuples(st.just("sym"), _NAME), st.tuples(st.just("dir")),
                  st.tuples(st.just("hard"), _NAME), st.tuples(st.just("fifo")))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(_NAME, _SPEC), max_size=6))
def test_any_member_names_either_refused_or_safe(entries):
    """Whatever the names and kinds, the result is a refusal or a tree of safe, distinct relative paths."""
    try:
        data = make_tar(demo() + [(f"skills/demo/{n}", s) for n, s in entries])
    except (ValueError, UnicodeError, tarfile.TarError):
        return  # tarfile itself cannot write some of these names (e.g. NUL)
    try:
        tree = extract(data)
    except SkillpmError as exc:
        assert exc.message and exc.hint
        return
    keys = list(tree.files)
    assert "SKILL.md" in keys
    for rel in keys:
        assert rel == check_relpath(rel)
        assert not rel.startswith("/") and ".." not in rel.split("/")
    assert len({unicodedata.normalize("NFC", k).casefold() for k in keys}) == len(keys)
    assert tree.executables <= set(keys)
