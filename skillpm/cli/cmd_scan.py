"""``skillpm scan``: the security report of skills, as text, JSON or SARIF."""

from __future__ import annotations

import json
import sys
from typing import List, Optional

import typer

from skillpm.cli.app import app
from skillpm.cli.render import handles_errors, out


@app.command("scan")
@handles_errors("scan")
def scan_cmd(
    targets: List[str] = typer.Argument(..., help="Skill folders, folders of skills, files, git URLs or index names."),
    fmt: str = typer.Option("text", "--format", "-f", help="text, json or sarif (SARIF 2.1.0)."),
    fail_on: Optional[str] = typer.Option(None, "--fail-on", help="Exit 1 when a skill grades this or worse (e.g. C)."),
    min_severity: str = typer.Option("low", "--min-severity", help="Hide findings below: info, low, medium, high, critical."),
    offline: bool = typer.Option(False, "--offline", help="Use only cached git sources and the shipped index."),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON document on stdout (same as --format json)."),
    jobs: Optional[int] = typer.Option(None, "--jobs", "-j", min=1,
                                       help="Processes for a folder of many skills (default: one per CPU)."),
) -> None:
    """Grade skills A–F with every finding on its line (a static scan; it runs nothing)."""
    from skillpm.errors import SkillpmError
    from skillpm.ops.scan import failing, scan_targets
    from skillpm.scan.report import render_json, render_sarif, render_text
    from skillpm.scan.result import SEVERITIES

    fmt = "json" if json_out else fmt.lower()
    if fmt not in ("text", "json", "sarif"):
        raise SkillpmError(f"unknown format {fmt!r}", "use --format text, json or sarif")
    if min_severity.lower() not in SEVERITIES:
        raise SkillpmError(f"unknown severity {min_severity!r}", "use one of " + ", ".join(SEVERITIES))
    min_severity = min_severity.lower()
    from skillpm.cli.render import Bar

    bar = Bar("scanning")
    try:
        reports = scan_targets(targets, offline=offline, jobs=jobs, on_total=bar.total, on_done=bar.step)
    finally:
        bar.close()
    bad = failing(reports, fail_on)
    if fmt == "sarif":
        doc = render_sarif([(r.name, r.result) for r in reports], min_severity=min_severity)
        sys.stdout.write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
    elif fmt == "json":
        from skillpm.cli.render import emit_json

        from skillpm.cli.render import error_entry

        errors = [error_entry(f"{len(bad)} skill{'s' if len(bad) != 1 else ''} graded {fail_on.upper()} or worse",
                              "read the findings in result[].findings; fix them, or raise --fail-on", 1,
                              [f"{r.name} ({r.result.grade})" for r in bad])] if bad else []
        emit_json("scan", [{"name": r.name, "where": r.where, "tokens": r.tokens,
                            **render_json(r.result, min_severity=min_severity)} for r in reports], errors)
    else:
        many = len(reports) > 1
        for i, r in enumerate(reports):
            if i:
                out("")
            out(render_text(r.result, name=f"{r.name} ({r.where})", min_severity=min_severity,
                            note=not many, tokens=r.tokens))
        if many:  # the tally and the skills to read first, then the note once
            from skillpm.scan.report import STATIC_NOTE, render_summary

            out("")
            out(render_summary([(r.name, r.result.grade) for r in reports]))
            out("")
            out(f"note: {STATIC_NOTE}.")
    if bad:
        names = ", ".join(f"{r.name} ({r.result.grade})" for r in bad)
        sys.stderr.write(f"error: {len(bad)} skill{'s' if len(bad) != 1 else ''} graded {fail_on.upper()} or worse: {names}\n")
        raise typer.Exit(1)
