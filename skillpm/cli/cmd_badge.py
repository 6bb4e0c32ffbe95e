"""``skillpm badge``: an SVG badge (grade + tokens per session) and the snippets to show it."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from skillpm.cli.app import app
from skillpm.cli.render import emit_json, handles_errors, out, say


@app.command("badge")
@handles_errors("badge")
def badge_cmd(
    target: str = typer.Argument(..., help="A skill folder, or an index id (owner/repo/name)."),
    out_path: Optional[Path] = typer.Option(None, "--out", "-o", help="Where to write the SVG (default: NAME-skillpm-badge.svg here)."),
    index: Optional[str] = typer.Option(None, "--index", envvar="SKILLPM_INDEX", help="Index URL (for an index id)."),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON document on stdout."),
) -> None:
    """Write a shields-style SVG badge for a skill and print Markdown and HTML to embed it (offline)."""
    from skillpm.ops.badge import make_badge

    res = make_badge(target, out_path, index_url=index)
    if json_out:
        emit_json("badge", res.to_dict())
        return
    say(f"Wrote {res.svg_path} ({res.info.name}: grade {res.info.grade or '?'}, "
        f"{res.info.session_tokens:,} tokens per session)")
    out("Markdown:")
    out(f"  {res.markdown}")
    out("HTML:")
    out(f"  {res.html}")
