"""``skillpm cost PATH…``: token counts, prices, scripts and per-agent session cost of skills."""

from __future__ import annotations

from typing import List, Optional

import typer

from skillpm.cli.app import app
from skillpm.cli.render import human_size
from skillpm.cli.render import emit_json, handles_errors, out, style, table, warn


@app.command("cost")
@handles_errors("cost")
def cost_cmd(
    paths: Optional[List[str]] = typer.Argument(None, help="Skill folders or folders of skills."),
    agent: Optional[List[str]] = typer.Option(None, "--agent", "-a",
                                              help="Agent id to show the session listing for (repeatable; '*' for all)."),
    budget: bool = typer.Option(False, "--budget", help="Per agent: what every skill it sees here (project and "
                                "user folders) costs each session."),
    global_: bool = typer.Option(False, "--global", "-g", help="With --budget: the user-level folders only."),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON document on stdout."),
) -> None:
    """Show what each skill adds to an agent's context: tokens per session, once invoked and in resources, and their price."""
    from skillpm.errors import SkillpmError
    from skillpm.ops.cost import cost

    if budget:
        if paths:
            raise SkillpmError("--budget looks at the installed skills, not at paths",
                               "run `skillpm cost --budget`, or `skillpm cost PATH…` for given skills")
        return _budget(agent or None, global_, json_out)
    if not paths:
        raise SkillpmError("nothing to cost", "give skill folders (`skillpm cost PATH…`), or --budget for the installed set")
    report = cost(paths, agent or None)
    if json_out:
        emit_json("cost", report.to_dict())
        return
    for s in report.skills:
        c = s.cost
        out(style(s.name, bold=True) + f"  ({s.path})")
        out(f"  tokens   {c.session:,} every session · {c.invoke:,} once invoked · {c.resources:,} in resources")
        rows = [[m, "$" + p1, "$" + p2] for (m, p1), (_, p2) in zip(s.price_session, s.price_invoke)]
        for line in table(rows, ["model", "per session", "once invoked"], indent="           "):
            out(line)
        rows = [[e.agent, f"{e.tokens:,}", f"{s.alone.get(e.agent, 0):,}", "not loaded (description too long)"
                 if e.skipped else "description cut" if e.truncated else ""] for e in s.agents]
        out("  listing  per session, in each agent's own skill list:")
        for line in table(rows, ["agent", "adds", "if only skill", ""], indent="           "):
            out(line)
        if c.resource_files:
            out(f"  reads    {len(c.resource_files)} text file{'s' if len(c.resource_files) != 1 else ''}, "
                f"{c.resources:,} tokens if all are read")
            for path, n in c.resource_files[:40]:
                out(f"           {path} ({n:,} tokens)")
            if len(c.resource_files) > 40:
                out(f"           … and {len(c.resource_files) - 40} more")
        for sc in c.scripts:
            out(f"  script   {sc.path} ({human_size(sc.size)}, mode {sc.mode}{', executable' if sc.executable else ''})")
        for path, size in c.binaries:
            out(f"  binary   {path} ({human_size(size)}, not counted)")
        for w in s.warnings:
            warn(f"{s.name}: {w}")
        out()
    if len(report.skills) > 1:
        out("all skills listed together, per session:")
        for line in table([[a, f"{n:,}"] for a, n in report.listing_by_agent.items()], indent="  "):
            out(line)
    if report.agents_from == "fallback":
        out("(no agent named, recorded or detected: showing claude-code and codex; other agents list skills as an "
            "<available_skills> XML block, see --agent ID)")
    out(f"({report.note})")


def _budget(agent_ids, global_: bool, json_out: bool) -> None:
    from skillpm.ops.budget import budget

    rep = budget(agent_ids, global_=global_)
    if json_out:
        emit_json("cost", {"budget": rep.to_dict()})
        return
    models = list(rep.agents[0].price_per_session) if rep.agents else []
    rows = [[b.agent, f"{len(b.skills):,}", f"{b.session:,}", f"{b.generic:,}",
             *["$" + b.price_per_session[m] for m in models]] for b in rep.agents]
    for line in table(rows, ["agent", "skills", "tokens/session", "generic", *models]):
        out(line)
    out()
    for b in rep.agents:
        if b.skills:
            out(f"Your {len(b.skills)} skill{'s' if len(b.skills) != 1 else ''} cost {b.name} {b.session:,} tokens "
                f"every session.")
        for name in b.truncated:
            out(f"  {b.name} cuts the description of {name}")
        for name in b.skipped:
            out(f"  {b.name} does not load {name} (description too long)")
        for folder in b.unreadable:
            warn(f"{folder} is not a loadable skill (`skillpm validate {folder}` says why)")
    if rep.agents_from == "fallback":
        out("(no agent named, recorded or detected: showing claude-code and codex; name others with --agent ID)")
    out("(generic = tokens of `name: description` per skill, summed; tokens/session = the agent's own listing, "
        "fixed text included)")
    out(f"({rep.note})")
