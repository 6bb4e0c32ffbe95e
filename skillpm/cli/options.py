"""Options several commands share, declared once so they read the same everywhere."""

from __future__ import annotations

import typer

JSON_OPT = typer.Option(False, "--json", help="Print one JSON document on stdout.")
GLOBAL_OPT = typer.Option(False, "--global", "-g", help="User scope (home folder) instead of the project.")
AGENT_OPT = typer.Option(None, "--agent", "-a", help="Agent id to install for (repeatable; '*' for all).")
