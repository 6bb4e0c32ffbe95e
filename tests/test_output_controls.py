"""--quiet, NO_COLOR and progress bars: quiet when things are fine, nothing drawn for scripts."""

import os
import pty
import select

from skillpm_testing import write_skill


def _drain(fd: int) -> str:
    data = b""
    while select.select([fd], [], [], 0.2)[0]:
        chunk = os.read(fd, 65536)
        if not chunk:
            break
        data += chunk
    return data.decode("utf-8", "replace")


def test_quiet_silences_status_but_not_errors(cli, project, tmp_path):
    src = write_skill(tmp_path / "src", "demo", "Demo.")
    r = cli("-q", "add", src, "-a", "claude-code", "--yes")
    assert r.exit_code == 0 and r.stderr == ""
    r = cli("-q", "verify")
    assert r.exit_code == 0 and r.stderr == "" and r.stdout == ""
    r = cli("-q", "remove", "nope")
    assert r.exit_code == 2 and r.stderr.startswith("error: not installed: nope")


def test_progress_draws_only_on_a_terminal(monkeypatch):
    import io

    from skillpm.cli import render

    monkeypatch.setattr(render.OUT, "quiet", False)
    monkeypatch.setattr(render.OUT, "json", False)
    err = io.StringIO()
    monkeypatch.setattr("sys.stderr", err)
    assert list(render.progress(range(10), "Working")) == list(range(10))
    assert err.getvalue() == ""  # not a terminal: nothing drawn

    master, slave = pty.openpty()
    tty_err = os.fdopen(slave, "w", buffering=1, encoding="utf-8")
    try:
        monkeypatch.setattr("sys.stderr", tty_err)
        assert list(render.progress(range(10), "Working")) == list(range(10))
        tty_err.flush()
        drawn = _drain(master)
        assert "Working" in drawn and "10/10" in drawn
        assert list(render.progress(range(2), "Short")) == [0, 1]  # short lists draw no bar
        monkeypatch.setattr(render.OUT, "json", True)
        assert list(render.progress(range(10), "Json")) == list(range(10))  # never under --json
        tty_err.flush()
        assert _drain(master) == ""
    finally:
        tty_err.close()
        os.close(master)


def test_no_color_turns_colour_off_even_on_a_terminal(monkeypatch):
    from skillpm.cli.render import style

    master, slave = pty.openpty()
    stream = os.fdopen(slave, "w")
    try:
        monkeypatch.delenv("NO_COLOR", raising=False)
        monkeypatch.setenv("TERM", "xterm")
        assert style("A", fg="green", stream=stream) == "\x1b[32mA\x1b[0m"
        monkeypatch.setenv("NO_COLOR", "1")
        assert style("A", fg="green", stream=stream) == "A"
    finally:
        stream.close()
        os.close(master)
