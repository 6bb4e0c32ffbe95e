"""Reproducibility and review commands: audit, outdated, update, import."""

from __future__ import annotations

from typing import List, Optional

import typer

from skillpm.cli.app import app
from skillpm.cli.render import emit_json, handles_errors, out, say, style, table

JSON_OPT = typer.Option(False, "--json", help="Print one JSON document on stdout.")
GLOBAL_OPT = typer.Option(False, "--global", "-g", help="User scope (home folder) instead of the project.")
SEV_COLOR = {"critical": "red", "high": "red", "medium": "yellow"}


@app.command("outdated")
@handles_errors("outdated")
def outdated_cmd(
    names: Optional[List[str]] = typer.Argument(None, help="Skills to check (default: all)."),
    global_: bool = GLOBAL_OPT,
    json_out: bool = JSON_OPT,
) -> None:
    """List skills whose upstream moved AND whose skill folder changed (git tree ids; no content downloaded)."""
    from skillpm.ops.outdated import outdated

    res = outdated(names or None, global_=global_)
    if json_out:
        emit_json("outdated", res.to_dict())
    else:
        rows = [[i.name, (i.locked_commit or "-")[:12], (i.latest_commit or "-")[:12], i.status, i.detail]
                for i in res.items]
        for line in table(rows, ["name", "locked", "latest", "status", "detail"]):
            out(line)
        n = len(res.outdated)
        say(f"{n} of {len(res.items)} skill{'s' if len(res.items) != 1 else ''} outdated"
            + ("; `skillpm update` shows what would change" if n else ""))
    if res.outdated:
        raise typer.Exit(1)


@app.command("audit")
@handles_errors("audit")
def audit_cmd(
    names: Optional[List[str]] = typer.Argument(None, help="Skills to audit (default: all)."),
    fail_on: Optional[str] = typer.Option(None, "--fail-on", metavar="SEVERITY",
                                          help="Exit 1 when an unreviewed finding is at least this severe "
                                               "(critical, high, medium, low, info)."),
    offline: bool = typer.Option(False, "--offline", help="Local checks only: lock, installed bytes, rescan, shipped index."),
    accept: Optional[str] = typer.Option(None, "--accept", metavar="NAME",
                                         help="Record in skillpm-reviews.toml that you reviewed NAME as it is now."),
    by: Optional[str] = typer.Option(None, "--by", help="Reviewer name for --accept (default: your user name)."),
    note: str = typer.Option("", "--note", help="Note recorded with --accept."),
    global_: bool = GLOBAL_OPT,
    json_out: bool = JSON_OPT,
) -> None:
    """Compare lock, installed bytes, upstream and the index; report every difference. Changes nothing."""
    from skillpm.ops.audit import audit, severity_rank

    if fail_on:
        severity_rank(fail_on)  # reject a bad name before any work
    res = audit(names or None, offline=offline, global_=global_, accept=accept, by=by, note=note)
    if json_out:
        emit_json("audit", res.to_dict())
    else:
        for f in res.findings:
            sev = style(f.severity.upper().ljust(8), fg=SEV_COLOR.get(f.severity), bold=True)
            tag = f"  (reviewed by {f.reviewed['by']} {f.reviewed['at']})" if f.reviewed else ""
            out(f"{sev} {f.skill}  {f.kind}{tag}")
            out(f"         {f.message}")
            for label, files in (("changed", f.changed), ("added", f.added), ("removed", f.removed)):
                for p in files:
                    out(f"           {label:8} {p}")
            for d in f.details:
                out(f"           {d}")
        c = res.counts()
        summary = ", ".join(f"{n} {s}" for s, n in reversed(c.items()) if n) or "no findings"
        reviewed = len(res.findings) - len(res.open)
        say(f"Audited {len(res.checked)} skill{'s' if len(res.checked) != 1 else ''}"
            + (" (offline: upstream not asked)" if res.offline else "") + f": {summary}"
            + (f"; {reviewed} reviewed" if reviewed else ""))
        if res.accepted:
            say(f"Recorded review of {res.accepted['name']} ({res.accepted['hash']}) by {res.accepted['by']} "
                "in skillpm-reviews.toml")
    if res.fails(fail_on):
        raise typer.Exit(1)
