"""Reproducibility and review commands: audit, outdated, update, import."""

from __future__ import annotations

from typing import List, Optional

import typer

from skillpm.cli.app import app
from skillpm.cli.options import GLOBAL_OPT, JSON_OPT
from skillpm.cli.render import confirm_write, emit_json, handles_errors, out, say, style, table

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


def _delta(before: int, after: int) -> str:
    d = after - before
    return f"{before:,} -> {after:,} ({'+' if d >= 0 else '-'}{abs(d):,})"


def render_change(c) -> None:
    out(style(c.name, bold=True) + f"  {c.old.hash[:20]}… -> {c.new.hash[:20]}…"
        + (f"  ({(c.old.commit or '')[:12]} -> {(c.new.commit or '')[:12]})" if c.new.commit else ""))
    tb, ta = c.tokens_before, c.tokens_after
    out(f"  tokens   per session {_delta(tb.get('session', 0), ta.get('session', 0))} · "
        f"once invoked {_delta(tb.get('invoke', 0), ta.get('invoke', 0))} · "
        f"resources {_delta(tb.get('resources', 0), ta.get('resources', 0))}")
    out(f"  grade    {c.grade_before or '?'} -> {c.grade_after or '?'}")
    for label, items in (("+ finding", c.findings_added), ("- finding", c.findings_removed)):
        for f in items:
            out(f"  {label} {f['severity'].upper()} {f['rule']} {f['file']}:{f['line']}  {f['text'][:100]}")
    for label, files in (("added", c.files_added), ("removed", c.files_removed), ("changed", c.files_changed)):
        for p in files:
            out(f"  {label:8} {p}")
    if c.local_edits:
        out("  local edits will be overwritten (--force):")
        for e in c.local_edits:
            out(f"    {e}")
    if c.skill_md_diff:
        out("")
        for line in c.skill_md_diff.rstrip("\n").split("\n"):
            out("  " + line)


@app.command("update")
@handles_errors("update")
def update_cmd(
    names: Optional[List[str]] = typer.Argument(None, help="Skills to update (default: all)."),
    yes: bool = typer.Option(False, "--yes", "-y", help="Do not ask."),
    dry_run: bool = typer.Option(False, "--dry-run", help="Show what would change and stop."),
    force: bool = typer.Option(False, "--force", help="Overwrite local edits; install D/F grades."),
    keep_local: bool = typer.Option(False, "--keep-local", help="Leave locally edited skills as they are; update the others."),
    min_grade: Optional[str] = typer.Option(None, "--min-grade", help="Lowest grade to accept without asking (A–F)."),
    offline: bool = typer.Option(False, "--offline", help="Use only the cache."),
    global_: bool = GLOBAL_OPT,
    json_out: bool = JSON_OPT,
) -> None:
    """Show per skill what would change (tokens ±, grade, findings, files, SKILL.md diff), ask, then update."""
    from skillpm.errors import PolicyError
    from skillpm.ops.update import apply_update, plan_update

    plan = plan_update(names or None, global_=global_, force=force, keep_local=keep_local, offline=offline,
                       min_grade=min_grade.upper() if min_grade else None)
    if not json_out:
        for c in plan.updates:
            render_change(c)
            out("")
        for c in plan.changes:
            if c.status == "kept-local":
                say(f"{c.name}: kept as edited locally (--keep-local); not updated")
    if not plan.updates:
        if json_out:
            emit_json("update", {**plan.to_dict(), "updated": [], "written": []})
        else:
            say("Everything is up to date.")
        return
    if dry_run:
        if json_out:
            emit_json("update", {**plan.to_dict(), "dry_run": True})
        return
    refused = [c for c in plan.updates if c.plan.refused]
    if refused:
        raise PolicyError("refusing to update: " + "; ".join(f"{c.name} would be graded {c.grade_after}" for c in refused),
                          "read the findings above; pass --force to update anyway, or name only the other skills")
    n = len(plan.updates)
    accept_asked = confirm_write(f"Update {n} skill{'s' if n != 1 else ''}?",
                                 graded=[f"{c.name} would be graded {c.grade_after}" for c in plan.needs_question],
                                 yes=yes, verb="update", done="updated")
    res = apply_update(plan, accept_asked=accept_asked)
    if json_out:
        emit_json("update", res.to_dict())
        return
    say(f"Updated {', '.join(c.name for c in plan.updates)} ({len(res.written)} folder"
        f"{'s' if len(res.written) != 1 else ''} written); skillpm.lock updated")


@app.command("import")
@handles_errors("import")
def import_cmd(
    path: Optional[str] = typer.Argument(None, help="skills-lock.json (project, v1) or .skill-lock.json (global, v3); "
                                                    "default: ./skills-lock.json, or the global one with --global."),
    agent: Optional[List[str]] = typer.Option(None, "--agent", "-a", help="Agents to record (default: where the skills are now)."),
    global_: bool = GLOBAL_OPT,
    yes: bool = typer.Option(False, "--yes", "-y", help="Do not ask."),
    dry_run: bool = typer.Option(False, "--dry-run", help="Show what would be imported and stop."),
    force: bool = typer.Option(False, "--force", help="Overwrite folders whose bytes differ; install D/F grades."),
    min_grade: Optional[str] = typer.Option(None, "--min-grade", help="Lowest grade to accept without asking (A–F)."),
    offline: bool = typer.Option(False, "--offline", help="Use only the cache."),
    json_out: bool = JSON_OPT,
) -> None:
    """Write skillpm.toml and skillpm.lock from Vercel's skills lock, adopting folders already in place."""
    from skillpm.errors import PolicyError
    from skillpm.ops.import_lock import apply_import, plan_import

    plan = plan_import(path, global_=global_, agents=agent or [], force=force, offline=offline,
                       min_grade=min_grade.upper() if min_grade else None)
    if not json_out:
        for s in plan.skills:
            if s.status == "skipped":
                out(f"{s.name}  skipped: {s.reason}")
                continue
            out(f"{s.name}  <- {s.requirement}  (recorded hash: {s.hash_check})")
            for d in s.on_disk:
                out(f"    {d}")
    if dry_run or plan.add_plan is None:
        if json_out:
            emit_json("import", {**plan.to_dict(), "dry_run": dry_run})
        if plan.add_plan is None:
            apply_import(plan)  # raises: nothing to import
        return
    ap = plan.add_plan
    if ap.refused:
        raise PolicyError("refusing to import: " + "; ".join(f"{s.name} is graded {s.scan.grade}" for s in ap.refused),
                          "read `skillpm audit` after importing the others; pass --force to import anyway")
    n = len(plan.planned)
    accept_asked = confirm_write(f"Import {n} skill{'s' if n != 1 else ''}?",
                                 graded=[f"{s.name} is graded {s.scan.grade}" for s in ap.needs_question],
                                 yes=yes, verb="import", done="imported")
    res = apply_import(plan, accept_asked=accept_asked)
    if json_out:
        emit_json("import", {**plan.to_dict(), "written": res.written, "unchanged": res.unchanged})
        return
    say(f"Imported {len(plan.planned)} skill{'s' if len(plan.planned) != 1 else ''} from {plan.path.name} "
        f"({len(res.unchanged)} folder{'s' if len(res.unchanged) != 1 else ''} adopted as they were, "
        f"{len(res.written)} written); wrote skillpm.toml and skillpm.lock")
