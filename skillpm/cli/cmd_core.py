"""The core commands: add, remove, list, install, verify, validate, agents."""

from __future__ import annotations

from typing import List, Optional

import typer

from skillpm.cli.app import app
from skillpm.cli.options import AGENT_OPT, GLOBAL_OPT, JSON_OPT
from skillpm.cli.render import (confirm_write, emit_json, error_entry, grade_str, handles_errors, human_size,
                                is_interactive, out, say, show_path, style, table)




def render_findings(findings, indent: str = "    ") -> None:
    for f in findings:
        sev = f.severity.upper()
        color = {"CRITICAL": "red", "HIGH": "red", "MEDIUM": "yellow"}.get(sev)
        tag = " (suppressed: " + f.suppressed + ")" if f.suppressed else ("" if f.counted else " (over the per-rule cap)")
        out(f"{indent}{style(sev.ljust(8), fg=color, bold=True)} {f.rule} {f.category}  {f.file}:{f.line}{tag}")
        text = f.text if len(f.text) <= 160 else f.text[:157] + "…"
        out(f"{indent}         | {text}")
        if f.decoded:
            out(f"{indent}         | hidden text spells: {f.decoded}")
        out(f"{indent}         {f.message}")


def _listing_cost(s, ws) -> str:
    """What the skill adds to each target agent's own listing (issue 8), e.g. "claude-code +33 · codex +45"."""
    from skillpm.errors import SkillpmError
    from skillpm.listing import skill_session_cost_by_agent

    agents = sorted({a for p in s.placements for a in p.target.agents})
    if not agents:
        return ""
    try:
        entries = skill_session_cost_by_agent([s.cand.skill], agents, ws.root, ws.scope, relative_locations=True)
    except SkillpmError:
        return ""
    return " · ".join(f"{a} " + ("not listed (description too long)" if e.skipped else f"+{e.tokens:,}"
                                 + (" (description cut)" if e.truncated else ""))
                      for a in agents for e in entries[a])


def render_planned(s, ws) -> None:
    from skillpm.tokens import price_rows

    c = s.cand
    where = c.index_id or (f"{c.source}" + (f" {c.path}" if c.path else ""))
    at = f" @ {c.commit[:12]}" if c.commit else ""
    out(style(s.name, bold=True) + f"  ({where}{at})")
    desc = " ".join(c.skill.description.split())
    out(f"  {desc[:200] + ('…' if len(desc) > 200 else '')}")
    cost = s.cost
    out(f"  cost     {cost.session:,} tokens every session · {cost.invoke:,} once invoked · "
        f"{cost.resources:,} in resources")
    per_agent = _listing_cost(s, ws)
    if per_agent:
        out(f"           per session in each agent's own skill list (paths counted relative to the project): {per_agent}")
    rows = [[m, "$" + p1, "$" + p2] for (m, p1), (_, p2) in zip(price_rows(cost.session), price_rows(cost.invoke))]
    for line in table(rows, ["model", "per session", "once invoked"], indent="           "):
        out(line)
    r = s.scan
    n = len(r.findings)
    out(f"  grade    {grade_str(r.grade)}  {n} finding{'s' if n != 1 else ''} against {r.rule_count} rules in "
        f"{r.category_count} categories (rules {r.rules_version}; static scan)")
    render_findings(r.findings, indent="           ")
    files = sorted(c.skill.tree.files.items())
    out(f"  files    {len(files)} file{'s' if len(files) != 1 else ''}, {human_size(sum(len(b) for _, b in files))}")
    for p, b in files[:40]:
        exe = "  executable" if p in c.skill.tree.executables else ""
        out(f"           {p} ({human_size(len(b))}){exe}")
    if len(files) > 40:
        out(f"           … and {len(files) - 40} more")
    for w in c.skill.warnings:
        out(f"  warning  {w}")
    for p in s.placements:
        note = {"new": "new", "replace": "replace", "unchanged": "unchanged", "conflict": "CONFLICT"}[p.action]
        agents = ", ".join(p.target.agents) or "canonical copy"
        link = f" -> link to {show_path(p.link_to)}" if p.link_to else ""
        reason = f": {p.reason}" if p.reason else ""
        out(f"  target   {show_path(p.dest)} ({agents}){link}  [{note}{reason}]")


def _choose_skills(cands):
    """Ask which of a multi-skill source's skills to add (arrow-key list on a terminal)."""
    from skillpm.cli.prompt import choose_many
    from skillpm.errors import SkillpmError

    details = [" ".join(c.skill.description.split())[:70] for c in cands]
    picked = choose_many(f"{len(cands)} skills found; choose the ones to add", [c.name for c in cands], details)
    if not picked:
        raise SkillpmError("no skill chosen", "tick at least one with space, or name them with --skill NAME")
    return [cands[i] for i in picked]


@app.command("add")
@handles_errors("add")
def add(
    sources: List[str] = typer.Argument(..., help="Skill folder, folder of skills, git URL[@ref], owner/repo[/path], or index name."),
    skill: Optional[List[str]] = typer.Option(None, "--skill", "-s", help="Pick skills by name from a multi-skill source (repeatable)."),
    agent: Optional[List[str]] = AGENT_OPT,
    global_: bool = GLOBAL_OPT,
    link: bool = typer.Option(False, "--link", help="One canonical copy in .agents/skills plus links to it."),
    yes: bool = typer.Option(False, "--yes", "-y", help="Do not ask (C grades still ask unless --min-grade C)."),
    dry_run: bool = typer.Option(False, "--dry-run", help="Show the summary and stop."),
    force: bool = typer.Option(False, "--force", help="Overwrite edited or unmanaged folders; install D/F grades."),
    min_grade: Optional[str] = typer.Option(None, "--min-grade", help="Lowest grade to accept without asking (A–F)."),
    offline: bool = typer.Option(False, "--offline", help="Use only the cache and the shipped index."),
    index: Optional[str] = typer.Option(None, "--index", envvar="SKILLPM_INDEX", help="Index URL."),
    json_out: bool = JSON_OPT,
) -> None:
    """Add skills: show cost and grade, ask, write them into each agent's folder, and lock them."""
    from skillpm.errors import PolicyError
    from skillpm.ops.add import apply_plan, plan_add

    from skillpm.cli.render import progress

    # a multi-skill source without --skill, on a terminal: let the user tick the skills they want
    select = _choose_skills if not skill and not yes and not json_out and is_interactive() else None
    plan = plan_add(sources, skills=skill or [], agents=agent or [], global_=global_, link=link or None,
                    force=force, offline=offline, min_grade=min_grade.upper() if min_grade else None,
                    index_url=index, assume_yes=yes, select=select,
                    progress=lambda items: progress(items, "Costing and scanning"))
    if not json_out:
        from skillpm.tokens import TOKENIZER_NOTE

        for s in plan.skills:
            render_planned(s, plan.workspace)
            out()
        out(f"({TOKENIZER_NOTE}; the scan is static: a clean grade is not proof that a skill is safe)")
        out()
    if dry_run:
        if json_out:
            emit_json("add", {**plan.to_dict(), "dry_run": True})
        return
    if plan.refused:
        raise PolicyError("refusing to install: " + "; ".join(f"{s.name} is graded {s.scan.grade}" for s in plan.refused),
                          "read the findings above; pass --force to install anyway")
    graded = [f"{s.name} is graded {s.scan.grade}" for s in plan.needs_question]
    n_dest = sum(1 for s in plan.skills for p in s.placements if p.action != "unchanged")
    q = f"Install {len(plan.skills)} skill{'s' if len(plan.skills) != 1 else ''} into {n_dest} folder{'s' if n_dest != 1 else ''}?"
    if graded:
        q = f"{', '.join(graded)}. {q}"
    accept_asked = confirm_write(q, graded=graded, yes=yes, verb="install", done="installed")
    result = apply_plan(plan, accept_asked=accept_asked)
    if json_out:
        emit_json("add", result.to_dict())
        return
    ws = plan.workspace
    say(f"Installed {', '.join(s.name for s in plan.skills)} for {', '.join(plan.agent_ids)} "
        f"({len(result.written)} written, {len(result.unchanged)} unchanged); locked in {ws.rel(ws.state_dir / 'skillpm.lock')}")


@app.command("remove")
@handles_errors("remove")
def remove_cmd(
    names: List[str] = typer.Argument(..., help="Skill names."),
    global_: bool = GLOBAL_OPT,
    force: bool = typer.Option(False, "--force", help="Remove even if edited since install."),
    json_out: bool = JSON_OPT,
) -> None:
    """Remove skills from every agent folder, the lock and the manifest."""
    from skillpm.ops.remove import remove

    res = remove(names, global_=global_, force=force)
    if json_out:
        emit_json("remove", res.to_dict())
        return
    for name, folders in res.removed.items():
        say(f"Removed {name} ({len(folders)} folder{'s' if len(folders) != 1 else ''})")


@app.command("list")
@handles_errors("list")
def list_cmd(global_: bool = GLOBAL_OPT, json_out: bool = JSON_OPT) -> None:
    """List installed skills with grade, cost, agents and whether the disk matches the lock."""
    from skillpm.ops.listing import list_skills

    items = list_skills(global_=global_)
    if json_out:
        emit_json("list", [i.to_dict() for i in items])
        return
    if not items:
        say("No skills installed here. Add one with `skillpm add SOURCE -a AGENT`.")
        return
    rows = []
    for i in items:
        src = i.source.removeprefix("git+").removeprefix("https://github.com/")
        rows.append([i.name, i.grade or "?", f"{i.tokens.get('session', 0):,}", ",".join(i.agents), i.status,
                     src + (f"/{i.path}" if i.path else "") + (f"@{i.commit[:8]}" if i.commit else "")])
    for line in table(rows, ["name", "grade", "tokens/session", "agents", "status", "source"]):
        out(line)


@app.command("install")
@handles_errors("install")
def install_cmd(
    frozen: bool = typer.Option(False, "--frozen", help="Fail instead of changing the lock (CI)."),
    global_: bool = GLOBAL_OPT,
    force: bool = typer.Option(False, "--force", help="Restore locked bytes over local edits."),
    offline: bool = typer.Option(False, "--offline", help="Use only the cache."),
    yes: bool = typer.Option(False, "--yes", "-y", help="Do not ask."),
    json_out: bool = JSON_OPT,
) -> None:
    """Restore every skill in skillpm.toml / skillpm.lock, byte for byte."""
    from skillpm.ops.install import install

    from skillpm.cli.render import progress

    res = install(frozen=frozen, global_=global_, force=force, offline=offline, assume_yes=yes,
                  progress=lambda items: progress(items, "Writing skill folders"))
    if json_out:
        emit_json("install", res.to_dict())
        return
    say(f"{len(res.written)} folder{'s' if len(res.written) != 1 else ''} written, {len(res.unchanged)} already up to date"
        + (f"; added {', '.join(res.added)}" if res.added else "") + (f"; removed {', '.join(res.removed)}" if res.removed else ""))


@app.command("verify")
@handles_errors("verify")
def verify_cmd(
    names: Optional[List[str]] = typer.Argument(None, help="Skills to check (default: all)."),
    global_: bool = GLOBAL_OPT,
    json_out: bool = JSON_OPT,
) -> None:
    """Compare installed bytes with the lock (offline); name every added, removed or changed file."""
    from skillpm.ops.verify import verify

    res = verify(names or None, global_=global_)
    if json_out:
        errors = [] if res.ok else [error_entry(
            f"{len(res.problems)} installed folder{'s' if len(res.problems) != 1 else ''} differ from the lock",
            "restore the locked bytes with `skillpm install --force`, or keep the edits with `skillpm update --keep-local`",
            1, [f"{d.folder}: {d.state}" for d in res.problems])]
        emit_json("verify", res.to_dict(), errors)
    else:
        for d in res.problems:
            out(f"{d.skill}  {show_path(d.folder)} ({', '.join(d.agents) or 'canonical copy'}): {d.state}{': ' + d.detail if d.detail else ''}")
            for label, files in (("changed", d.changed), ("added", d.added), ("removed", d.removed)):
                for f in files:
                    out(f"    {label:8} {f}")
        if res.ok:
            say(f"All {len(res.checks)} installed folder{'s' if len(res.checks) != 1 else ''} match the lock.")
    if not res.ok:
        raise typer.Exit(1)


@app.command("validate")
@handles_errors("validate")
def validate_cmd(
    paths: List[str] = typer.Argument(..., help="Skill folders or folders of skills."),
    strict: bool = typer.Option(False, "--strict", help="Every rule of the Agent Skills spec is an error."),
    json_out: bool = JSON_OPT,
) -> None:
    """Check skills against the Agent Skills spec; print every problem with file and line."""
    from skillpm.ops.validate import validate

    results = validate(paths, strict=strict)
    if json_out:
        bad = [r for r in results if not r.ok]
        errors = [error_entry(f"{len(bad)} skill{'s' if len(bad) != 1 else ''} failed validation",
                              "fix the problems listed in result[].problems", 1,
                              [str(r.path) for r in bad])] if bad else []
        emit_json("validate", [r.to_dict() for r in results], errors)
    else:
        for r in results:
            errs = sum(1 for p in r.problems if p.level == "error")
            warns = len(r.problems) - errs
            status = "ok" if r.ok else "invalid"
            out(f"{r.path}: {status} ({errs} error{'s' if errs != 1 else ''}, {warns} warning{'s' if warns != 1 else ''})")
            for p in r.problems:
                out(f"  {p}")
    if not all(r.ok for r in results):
        raise typer.Exit(1)


@app.command("agents")
@handles_errors("agents")
def agents_cmd(json_out: bool = JSON_OPT) -> None:
    """List every known agent with its skills folders and whether it is detected here."""
    from skillpm.agents import load_agents
    from skillpm.workspace import find_project_root

    root = find_project_root()
    table_ = load_agents()
    rows = []
    for a in sorted(table_.agents.values(), key=lambda a: a.id):
        g = a.folder("global", root)
        rows.append({"id": a.id, "name": a.name, "project": a.project, "global": str(g) if g else None,
                     "detected": a.detected(root)})
    if json_out:
        emit_json("agents", rows)
        return
    for line in table([[r["id"], r["name"], r["project"], r["global"] or "-", "yes" if r["detected"] else ""]
                       for r in rows], ["id", "name", "project folder", "global folder", "detected"]):
        out(line)
