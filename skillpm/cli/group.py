"""The root command group: makes ``--json`` hold even when argument parsing fails.

Typer/Click report a usage error (unknown option, missing argument) as text on
stderr before any command runs, so a script that passed ``--json`` would get an
empty stdout. Here such an error becomes the same envelope every command prints
(``{"schema": 1, "command": …, "result": null, "errors": [{message, hint, code}]}``)
with exit code 2.
"""

from __future__ import annotations

import sys
from typing import Any, Sequence

from typer.core import TyperGroup


def _command_name(group, argv: list[str]) -> str:
    """The (sub)command the arguments name, e.g. "list" or "index build"; "" when none does."""
    names = []
    cur = group
    for a in argv:
        if a.startswith("-"):
            continue
        cmds = getattr(cur, "commands", None)
        if not cmds or a not in cmds:
            break
        names.append(a)
        cur = cmds[a]
    return " ".join(names)


def _click_exceptions():
    """(click's exceptions module, its Abort): typer >= 0.29 vendors click as typer._click."""
    try:
        from typer._click import exceptions
        from typer.exceptions import Abort
    except ImportError:
        from click import exceptions
        from click.exceptions import Abort
    return exceptions, Abort


class SkillpmGroup(TyperGroup):
    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, **extra: Any) -> Any:
        argv = list(sys.argv[1:] if args is None else args)
        from skillpm.cli.render import OUT

        OUT.json = "--json" in argv  # progress bars and prompts stay off under --json
        if "--json" not in argv or not standalone_mode:
            return super().main(args=argv, prog_name=prog_name, complete_var=complete_var,
                                standalone_mode=standalone_mode, **extra)
        click, Abort = _click_exceptions()

        from skillpm.cli.render import emit_json
        from skillpm.errors import EXIT_USAGE

        try:
            rv = super().main(args=argv, prog_name=prog_name, complete_var=complete_var, standalone_mode=False,
                              **extra)
        except click.UsageError as exc:
            cmd = _command_name(self, argv)
            hint = f"run `skillpm {cmd + ' ' if cmd else ''}--help` for the arguments it takes"
            emit_json(cmd, None, [{"message": exc.format_message(), "hint": hint, "code": EXIT_USAGE,
                                   "details": []}])
            sys.exit(EXIT_USAGE)
        except click.ClickException as exc:
            emit_json(_command_name(self, argv), None, [{"message": exc.format_message(), "hint": None,
                                                         "code": exc.exit_code, "details": []}])
            sys.exit(exc.exit_code)
        except Abort:
            emit_json(_command_name(self, argv), None, [{"message": "aborted", "hint": None, "code": 1,
                                                         "details": []}])
            sys.exit(1)
        sys.exit(rv if isinstance(rv, int) else 0)
