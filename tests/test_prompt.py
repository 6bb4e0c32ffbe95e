"""Choosing skills from a multi-skill source: the numbered fallback, and the arrow-key list
driven through a real pseudo-terminal (python's pty module) against the real CLI."""

import io
import os
import select
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest

from skillpm_testing import write_skill

REPO_ROOT = Path(__file__).resolve().parent.parent
from skillpm.cli.prompt import choose_many, parse_selection
from skillpm.errors import SkillpmError


def test_parse_selection():
    assert parse_selection("", 4) == [0, 1, 2, 3]
    assert parse_selection("all", 4) == [0, 1, 2, 3]
    assert parse_selection("none", 4) == []
    assert parse_selection("1,3-4", 4) == [0, 2, 3]
    assert parse_selection(" 2 4 ", 4) == [1, 3]
    assert parse_selection("5", 4) is None
    assert parse_selection("2-1", 4) is None
    assert parse_selection("x", 4) is None


def test_numbered_fallback_when_not_a_terminal():
    err = io.StringIO()
    picked = choose_many("Pick", ["alpha", "beta", "gamma"], ["A.", "B.", "C."], stdin=io.StringIO("9\n1,3\n"),
                         stderr=err)
    assert picked == [0, 2]
    text = err.getvalue()
    assert "  1) alpha  A." in text and "  3) gamma  C." in text
    assert "give numbers between 1 and 3" in text  # the bad answer was explained, then asked again


def test_numbered_fallback_eof_is_an_error_with_a_hint():
    with pytest.raises(SkillpmError) as e:
        choose_many("Pick", ["alpha", "beta"], stdin=io.StringIO(""), stderr=io.StringIO())
    assert "--skill" in e.value.hint


def _read_until(fd: int, needle: bytes, buf: bytearray, timeout: float = 90.0) -> None:
    deadline = time.monotonic() + timeout
    while needle not in buf:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"timed out waiting for {needle!r}; got:\n{bytes(buf).decode(errors='replace')}")
        if select.select([fd], [], [], min(left, 1.0))[0]:
            try:
                chunk = os.read(fd, 4096)
            except OSError:  # the child closed the terminal
                chunk = b""
            if not chunk:
                if needle not in buf:
                    raise AssertionError(f"terminal closed before {needle!r}:\n{bytes(buf).decode(errors='replace')}")
                return
            buf.extend(chunk)


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_arrow_key_checkbox_in_a_real_terminal(project, tmp_path):
    import fcntl
    import pty
    import struct
    import termios

    src = tmp_path / "repo"
    for name in ("alpha", "beta", "gamma"):
        write_skill(src, name, f"The {name} skill.")
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT), "TERM": "xterm"}
    proc = subprocess.Popen([sys.executable, "-m", "skillpm", "add", str(src), "-a", "claude-code"],
                            stdin=slave, stdout=slave, stderr=slave, cwd=project, env=env, close_fds=True)
    os.close(slave)
    buf = bytearray()
    try:
        _read_until(master, b"choose the ones to add", buf)
        _read_until(master, b"gamma", buf)
        assert b"[x] alpha" in buf and b"[x] beta" in buf  # everything starts ticked
        os.write(master, b"\x1b[B")  # down to beta
        time.sleep(0.2)
        os.write(master, b" ")  # untick beta
        _read_until(master, b"(2/3 chosen)", buf)
        os.write(master, b"\r")
        _read_until(master, b"[y/N]", buf)
        os.write(master, b"y\r")
        _read_until(master, b"Installed", buf)
        assert proc.wait(timeout=60) == 0, bytes(buf).decode(errors="replace")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
    lock = tomllib.loads((project / "skillpm.lock").read_text())
    assert [e["name"] for e in lock["skill"]] == ["alpha", "gamma"]
    assert sorted(p.name for p in (project / ".claude/skills").iterdir()) == ["alpha", "gamma"]


def test_not_a_terminal_never_prompts(cli, project, tmp_path):
    """Scripts: without a terminal, all skills of the source are planned; no list is drawn."""
    src = tmp_path / "repo"
    for name in ("alpha", "beta"):
        write_skill(src, name, f"The {name} skill.")
    r = cli("add", src, "-a", "claude-code", "--yes")
    assert r.exit_code == 0, r.output
    assert "choose the ones to add" not in r.output
    assert sorted(p.name for p in (Path(project) / ".claude/skills").iterdir()) == ["alpha", "beta"]


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_json_on_a_terminal_never_asks(project, tmp_path):
    import json
    import pty

    src = tmp_path / "repo"
    for name in ("alpha", "beta"):
        write_skill(src, name, f"The {name} skill.")
    master, slave = pty.openpty()
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT), "TERM": "xterm"}
    try:
        proc = subprocess.run([sys.executable, "-m", "skillpm", "add", str(src), "-a", "claude-code", "--json"],
                              stdin=slave, capture_output=True, text=True, cwd=project, env=env, timeout=120)
    finally:
        os.close(slave)
        os.close(master)
    assert proc.returncode == 1, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["errors"][0]["code"] == 1 and "--yes" in doc["errors"][0]["hint"]
    assert "choose the ones to add" not in proc.stderr
    assert not (project / ".claude").exists()
