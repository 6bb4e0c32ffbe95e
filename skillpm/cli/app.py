"""The Typer application. Command modules register themselves on ``app``.

Kept light: only typer is imported here; each command imports its operation
inside its function body, so ``skillpm --help`` never loads tiktoken, httpx,
YAML or the scanner.
"""

from __future__ import annotations

import typer

from skillpm import __version__
from skillpm.cli.group import SkillpmGroup
from skillpm.cli.render import OUT

app = typer.Typer(
    name="skillpm",
    cls=SkillpmGroup,  # --json holds for usage errors too
    help="A package manager for AI agent skills: see cost and security grade before install, "
    "write skills into every agent's folder, lock their hashes, audit them.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"skillpm {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    verbose: bool = typer.Option(False, "--verbose", "-v", help="Show more detail, and tracebacks on errors."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Only print errors and requested data."),
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Print the version."),
) -> None:
    OUT.verbose = verbose
    OUT.quiet = quiet


# Command modules register on import. Each is small and imports its operation lazily.
from skillpm.cli import cmd_core  # noqa: E402,F401
from skillpm.cli import cmd_cost  # noqa: E402,F401
from skillpm.cli import cmd_scan  # noqa: E402,F401
from skillpm.cli import cmd_index, cmd_info, cmd_search  # noqa: E402,F401
from skillpm.cli import cmd_audit  # noqa: E402,F401
from skillpm.cli import cmd_doctor  # noqa: E402,F401
from skillpm.cli import cmd_badge  # noqa: E402,F401


def main() -> None:
    # a fixed program name: completion scripts and usage lines say `skillpm` under `python -m skillpm` too
    app(prog_name="skillpm")
