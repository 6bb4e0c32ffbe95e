"""Commands that look after a setup: doctor, adopt, init."""

from __future__ import annotations

from typing import List, Optional

import typer

from skillpm.cli.app import app
from skillpm.cli.options import GLOBAL_OPT, JSON_OPT
from skillpm.cli.render import emit_json, error_entry, handles_errors, out, say, style, table



def _mib(n: int) -> str:
    return f"{n / 1048576:.1f} MiB"


@app.command("doctor")
@handles_errors("doctor")
def doctor_cmd(global_: bool = GLOBAL_OPT, json_out: bool = JSON_OPT) -> None:
    """Check the setup: detected agents and their folders, broken links, unmanaged skills, cache, index."""
    from skillpm.ops.doctor import doctor

    rep = doctor(global_=global_)
    errors = [error_entry(i.message, i.hint, 1, [i.path] if i.path else []) for i in rep.issues if i.level == "error"]
    if json_out:
        emit_json("doctor", rep.to_dict(), errors)
        if errors:
            raise typer.Exit(1)
        return
    out(f"scope    {rep.scope} ({rep.root})")
    if rep.agents:
        out("agents   detected:")
        for line in table([[a["id"], a["folder"] or "-", f"{a['skills']} skill{'s' if a['skills'] != 1 else ''}"
                            if a["exists"] else "no folder yet"] for a in rep.agents], indent="           "):
            out(line)
    else:
        out("agents   none detected")
    out(f"skills   {rep.managed} managed, {len(rep.unmanaged)} unmanaged")
    c = rep.cache
    out(f"cache    {c['path']} ({_mib(c['bytes'])}" + (f", {len(c['stale'])} stale" if c["stale"] else "") + ")")
    ix = rep.index
    if ix.get("available"):
        age = ix.get("age_days")
        out(f"index    {ix['url']}" + (f" (fetched {age:g} days ago)" if age is not None else
                                      f" ({ix['note']})" if ix.get("note") else ""))
    else:
        out("index    not available" + (f": {ix['error']}" if ix.get("error") else ""))
    if not rep.issues:
        say(style("No problems found.", fg="green"))
        return
    out()
    for i in rep.issues:
        tag = style("problem", fg="red", bold=True) if i.level == "error" else style("notice ", fg="yellow")
        out(f"{tag}  {i.message}")
        if i.hint:
            out(f"         {style('hint', fg='cyan')}: {i.hint}")
    if rep.unmanaged and any(not u.locked_elsewhere for u in rep.unmanaged):
        say(f"Bring unmanaged skills into the lock with `skillpm adopt --all`{' --global' if global_ else ''}.")
    if errors:
        raise typer.Exit(1)


@app.command("adopt")
@handles_errors("adopt")
def adopt_cmd(
    names: Optional[List[str]] = typer.Argument(None, help="Unmanaged skills to adopt (see `skillpm doctor`)."),
    all_: bool = typer.Option(False, "--all", help="Adopt every unmanaged skill in this scope."),
    agent: Optional[List[str]] = typer.Option(None, "--agent", "-a",
                                              help="Record only these agents (default: the manifest's or detected "
                                                   "agents among those reading the folder)."),
    global_: bool = GLOBAL_OPT,
    json_out: bool = JSON_OPT,
) -> None:
    """Record skills that sit in agent folders (but not in the lock) as they are: nothing is rewritten."""
    from skillpm.cli.render import grade_str
    from skillpm.ops.adopt import adopt

    res = adopt(names or [], all_=all_, global_=global_, agents=agent or None)
    if json_out:
        emit_json("adopt", res.to_dict())
        return
    for a in res.adopted:
        out(f"{a['name']}  grade {grade_str(a['grade'])}  {a['tokens'].get('session', 0):,} tokens/session  "
            f"{', '.join(a['agents'])}  ({a['source']})")
    for s in res.skipped:
        say(f"skipped {s['name']}: {s['reason']}")
    if res.adopted:
        say(f"Adopted {len(res.adopted)} skill{'s' if len(res.adopted) != 1 else ''} into the lock.")
    elif not res.skipped:
        say("No unmanaged skills here.")


@app.command("init")
@handles_errors("init")
def init_cmd(
    agent: Optional[List[str]] = typer.Option(None, "--agent", "-a", help="Agent ids to record (default: the installed ones)."),
    global_: bool = GLOBAL_OPT,
    force: bool = typer.Option(False, "--force", help="Rewrite an existing skillpm.toml's agents and skills."),
    json_out: bool = JSON_OPT,
) -> None:
    """Write skillpm.toml from the skills already installed (the lock) and the detected agents."""
    from skillpm.ops.init import init

    res = init(global_=global_, force=force, agents=agent or None)
    if json_out:
        emit_json("init", res.to_dict())
        return
    say(f"{'Rewrote' if res.overwritten else 'Wrote'} {res.manifest}: {len(res.skills)} skill"
        f"{'s' if len(res.skills) != 1 else ''}, agents {', '.join(res.agents) or 'none (name them with --agent)'}")
    if res.unmanaged:
        say(f"{len(res.unmanaged)} skill{'s' if len(res.unmanaged) != 1 else ''} in agent folders "
            f"{'are' if len(res.unmanaged) != 1 else 'is'} not managed ({', '.join(res.unmanaged)}): "
            "`skillpm adopt --all` adds them")
