"""``skillpm info ID|NAME``: the catalogue page of one index entry."""

from __future__ import annotations

from typing import Optional

import typer

from skillpm.cli.app import app
from skillpm.cli.render import human_size
from skillpm.cli.cmd_index import INDEX_OPT, JSON_OPT
from skillpm.cli.render import emit_json, grade_str, handles_errors, out, style, table


@app.command("info")
@handles_errors("info")
def info_cmd(
    ref: str = typer.Argument(..., help="Index id (owner/repo/name) or a unique skill name."),
    index: Optional[str] = INDEX_OPT,
    json_out: bool = JSON_OPT,
) -> None:
    """The catalogue page of a skill: cost, grade, findings, files, history, originality."""
    from skillpm.ops.info import info

    res = info(ref, index)
    if json_out:
        emit_json("info", res)
        return
    render_info(res)



def render_info(res) -> None:
    e = res.entry
    v = e.latest
    out(style(e.id, bold=True) + f"  ({e.name})")
    out(f"  {' '.join(e.description.split())}")
    src = f"{e.repo}" + (f"/tree/{v.commit}/{e.path}" if v and e.repo.startswith("https://github.com/") else
                         f" path {e.path or '.'}")
    out(f"  source   {src}")
    out(f"  licence  {e.license or 'not stated'}")
    if v is None:
        return
    t = v.tokens
    if t:
        out(f"  cost     {t.get('session', 0):,} tokens every session · {t.get('invoke', 0):,} once invoked · "
            f"{t.get('resources', 0):,} in resources (o200k_base; Claude's tokenizer differs)")
        rows = [[p["model"], "$" + p["per_session"], "$" + p["once_invoked"]] for p in res.prices]
        for line in table(rows, ["model", "per session", "once invoked"], indent="           "):
            out(line)
    if v.grade:
        n = sum(v.findings.values())
        counts = ", ".join(f"{c} {s}" for s, c in v.findings.items() if c)
        out(f"  grade    {grade_str(v.grade)}  {n} finding{'s' if n != 1 else ''}"
            f"{' (' + counts + ')' if counts else ''}; rules {v.rules}")
        for f in v.finding:
            out(f"           {f['severity'].upper():<8} {f['rule']}  {f['file']}:{f['line']}  {f['message']}")
            if f.get("text"):
                out(f"                    | {f['text']}")
    else:
        out("  grade    not graded (built without the scanner)")
    for p in v.problems:
        out(f"  problem  {p}")
    others = [f for f in v.files if f["path"] != "SKILL.md"]
    out(f"  files    SKILL.md ({v.lines} lines) and {len(others)} more, {human_size(sum(f['size'] for f in v.files))} in all")
    exe = set(v.executables)
    for f in others[:40]:
        out(f"           {f['path']} ({human_size(f['size'])})" + ("  executable" if f["path"] in exe else ""))
    if len(others) > 40:
        out(f"           … and {len(others) - 40} more")
    out(f"  history  {len(e.versions)} version{'s' if len(e.versions) != 1 else ''} seen")
    rows = [[x.first_seen, f"{x.lines} lines", f"{x.tokens.get('invoke', '-')} tokens", x.grade or "-",
             x.h1, x.commit[:12]] for x in reversed(e.versions)]
    for line in table(rows, indent="           "):
        out(line)
    o = e.original
    if o.get("of"):
        pct = round(100 * o.get("similarity", 0))
        orig = res.original or {}
        since = orig.get("created") or orig.get("first_seen")
        extra = f"; it has grade {orig.get('grade') or '-'}, first seen {since}" if orig.get("grade") or since else ""
        what = "identical copy" if o.get("similarity", 0) >= 1 else "near-copy"
        out(f"  original {what} of {o['of']} ({pct}% similar{extra})")
        diff = o.get("diff", [])
        if diff:
            flagged = {f["line"]: f for f in v.finding if f.get("file", "").lower() == "skill.md"}
            out(f"           lines that differ ({len(diff)}{'+' if len(diff) >= 30 else ''}):")
            for d in diff:
                mark = ""
                if d["line"] in flagged:
                    f = flagged[d["line"]]
                    mark = "  <- " + style(f"{f['severity'].upper()} {f['rule']}", fg="red", bold=True)
                out(f"           {d['line']:>5} {d['op']:<7} {d['text']}{mark}")
            n = o.get("findings_in_diff", 0)
            out(f"           {n} finding{'s' if n != 1 else ''} in the differing lines")
    else:
        since = e.created or e.first_seen
        copies = f"; {o['copies']} near-cop{'ies' if o['copies'] != 1 else 'y'} in the index" if o.get("copies") else ""
        out(f"  original no closer match in the index: treated as the original, first seen {since}{copies}")
    out("  install")
    for i in res.installs[:8]:
        agents = ", ".join(i["agents"][:4]) + (f" +{len(i['agents']) - 4}" if len(i["agents"]) > 4 else "")
        out(f"           {i['command']}  # {i['folder']} ({agents})")
    if len(res.installs) > 8:
        out(f"           … and {len(res.installs) - 8} more skills folders: `skillpm agents` lists every agent id")
