"""Rendering shared by every command: errors, JSON envelope, colour, tables, prompts.

stdout carries data (reports, tables, JSON); stderr carries messages (progress,
status, errors, prompts). Colour only on a terminal and never under NO_COLOR.
"""

from __future__ import annotations

import functools
import json
import os
import sys
from typing import Any, Callable

JSON_SCHEMA = 1


class Output:
    """Per-invocation output settings (set by the root callback)."""

    verbose: bool = False
    quiet: bool = False
    json: bool = False  # set by the root group when --json is on the command line


OUT = Output()


def use_color(stream=None) -> bool:
    stream = stream or sys.stdout
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    return hasattr(stream, "isatty") and stream.isatty()


def style(text: str, *, fg: str | None = None, bold: bool = False, stream=None) -> str:
    if not use_color(stream):
        return text
    codes = {"red": 31, "green": 32, "yellow": 33, "blue": 34, "magenta": 35, "cyan": 36, "dim": 2}
    seq = []
    if bold:
        seq.append("1")
    if fg:
        seq.append(str(codes[fg]))
    return f"\x1b[{';'.join(seq)}m{text}\x1b[0m" if seq else text


GRADE_COLOR = {"A": "green", "B": "green", "C": "yellow", "D": "red", "F": "red"}


def grade_str(grade: str, stream=None) -> str:
    return style(grade, fg=GRADE_COLOR.get(grade), bold=True, stream=stream)


def out(line: str = "") -> None:
    """A line of data on stdout."""
    sys.stdout.write(line + "\n")


def say(line: str = "") -> None:
    """A status line on stderr (suppressed by --quiet)."""
    if not OUT.quiet:
        sys.stderr.write(line + "\n")


def warn(line: str) -> None:
    sys.stderr.write(style("warning", fg="yellow", bold=True, stream=sys.stderr) + ": " + line + "\n")


def debug(line: str) -> None:
    if OUT.verbose:
        sys.stderr.write(style(line, fg="dim", stream=sys.stderr) + "\n")


def emit_json(command: str, result: Any, errors: list | None = None) -> None:
    """The one machine-readable document a ``--json`` run prints on stdout."""
    doc = {"schema": JSON_SCHEMA, "command": command, "result": result, "errors": errors or []}
    sys.stdout.write(json.dumps(doc, indent=2, ensure_ascii=False, default=_json_default) + "\n")


def error_entry(message: str, hint: str | None = None, code: int = 1, details: list | None = None) -> dict:
    """One item of the envelope's ``errors`` list (same shape as a SkillpmError's)."""
    return {"message": message, "hint": hint, "code": code, "details": list(details or [])}


def _json_default(obj: Any):
    if hasattr(obj, "to_dict"):
        return obj.to_dict()
    if isinstance(obj, (set, frozenset)):
        return sorted(obj)
    from pathlib import PurePath

    if isinstance(obj, PurePath):
        return str(obj)
    import dataclasses

    if dataclasses.is_dataclass(obj):
        return dataclasses.asdict(obj)
    raise TypeError(f"not JSON serialisable: {type(obj).__name__}")


def print_error(exc, json_mode: bool = False, command: str = "") -> None:
    if json_mode:
        emit_json(command, None, [{"message": exc.message, "hint": exc.hint, "code": exc.code,
                                   "details": exc.details}])
        return
    err = sys.stderr
    err.write(style("error", fg="red", bold=True, stream=err) + ": " + exc.message + "\n")
    for line in exc.details[:50]:
        err.write(f"  {line}\n")
    if len(exc.details) > 50:
        err.write(f"  … and {len(exc.details) - 50} more\n")
    if exc.hint:
        err.write(style("hint", fg="cyan", bold=True, stream=err) + ": " + exc.hint + "\n")


def handles_errors(command: str) -> Callable:
    """Wrap a command: a SkillpmError becomes one error line, a hint line and its exit code."""

    def deco(fn: Callable) -> Callable:
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            import typer

            from skillpm.errors import SkillpmError

            try:
                return fn(*args, **kwargs)
            except SkillpmError as exc:
                print_error(exc, json_mode=bool(kwargs.get("json_out")), command=command)
                if OUT.verbose:
                    import traceback

                    traceback.print_exc()
                raise typer.Exit(exc.code) from None
            except KeyboardInterrupt:
                sys.stderr.write("interrupted\n")
                raise typer.Exit(130) from None

        return wrapper

    return deco


def table(rows: list[list[str]], header: list[str] | None = None, indent: str = "") -> list[str]:
    """Left-aligned plain-text columns (right-aligned when a cell looks numeric)."""
    allrows = ([header] if header else []) + rows
    if not allrows:
        return []
    widths = [max(len(str(r[i])) for r in allrows if i < len(r)) for i in range(max(len(r) for r in allrows))]
    lines = []
    for r in allrows:
        cells = []
        for i, cell in enumerate(r):
            cell = str(cell)
            numeric = cell.replace(",", "").replace(".", "").replace("$", "").lstrip("+-").isdigit()
            cells.append(cell.rjust(widths[i]) if numeric and r is not header else cell.ljust(widths[i]))
        lines.append(indent + "  ".join(cells).rstrip())
    return lines


def confirm(question: str, default: bool = False) -> bool:
    """Ask on a terminal; without one, refuse (the caller says to use --yes)."""
    import typer

    return typer.confirm(question, default=default, err=True)


def is_interactive() -> bool:
    """A person can answer questions: stdin is a terminal and the output is not for a script (--json)."""
    return sys.stdin.isatty() and not OUT.json


def show_path(path) -> str:
    """A path as a user would type it: relative to the current folder, or ~/… under the home folder."""
    from pathlib import Path

    p = Path(path)
    try:
        return p.relative_to(Path.cwd()).as_posix()
    except ValueError:
        pass
    home = Path(os.path.expanduser("~"))
    try:
        return "~/" + p.relative_to(home).as_posix()
    except ValueError:
        return str(p)


PROGRESS_MIN_ITEMS = 4  # fewer items than this finish well under a second: no bar


def progress(items, label: str, min_items: int = PROGRESS_MIN_ITEMS):
    """Iterate ``items`` with a progress bar on stderr when it helps.

    Hidden when stderr is not a terminal, under --quiet or --json, and for short lists,
    so scripts and logs never see bar drawing.
    """
    items = list(items)
    if not _bar_wanted(len(items), min_items):
        yield from items
        return
    import typer

    with typer.progressbar(items, label=label, file=sys.stderr, show_pos=True, width=30) as bar:
        yield from bar


def _bar_wanted(n: int, min_items: int) -> bool:
    """A bar helps: enough items, a terminal on stderr, and neither --quiet nor --json."""
    err = sys.stderr
    return n >= min_items and not OUT.quiet and not OUT.json and hasattr(err, "isatty") and err.isatty()


class Bar:
    """A progress bar driven by callbacks, for work an operation does in its own loop (or processes).

    ``total(n)`` opens it (only on a terminal, not under --quiet/--json, and for at least
    ``min_items``), ``step()`` advances it; ``close()`` ends it."""

    def __init__(self, label: str, min_items: int = PROGRESS_MIN_ITEMS):
        self.label, self.min_items, self._bar = label, min_items, None

    def total(self, n: int) -> None:
        if self._bar is not None or not _bar_wanted(n, self.min_items):
            return
        import typer

        self._bar = typer.progressbar(length=n, label=self.label, file=sys.stderr, show_pos=True, width=30)
        self._bar.__enter__()

    def step(self) -> None:
        if self._bar is not None:
            self._bar.update(1)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.__exit__(None, None, None)
            self._bar = None


def human_size(n: int) -> str:
    """Bytes as people read them: 840 B, 3.4 KiB, 1.2 MiB."""
    return f"{n} B" if n < 1024 else f"{n / 1024:.1f} KiB" if n < 1024 * 1024 else f"{n / 1048576:.1f} MiB"


def confirm_write(question: str, *, graded: list[str], yes: bool, verb: str, done: str) -> bool:
    """Ask before an install-like write; True when the user confirmed on a terminal.

    ``graded`` holds "name is graded C" lines that must be confirmed even with ``--yes``.
    Without a terminal (or under --json) nothing is asked: a needed question is a refusal
    with its hint. ``verb``/``done`` word the messages ("install"/"installed").
    """
    from skillpm.errors import PolicyError

    if not graded and yes:
        return False
    if not is_interactive():
        if graded:
            raise PolicyError(", ".join(graded) + ": confirmation needed and there is no terminal",
                              "pass --min-grade C to accept C grades without asking")
        raise PolicyError("no terminal to confirm on", f"pass --yes to {verb} without asking, or --dry-run to look only")
    import typer

    if not typer.confirm(question, default=False, err=True):
        raise PolicyError(f"nothing {done}: not confirmed", "run again and answer y, or pass --yes")
    return True
