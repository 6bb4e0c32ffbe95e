"""``skillpm search QUERY``: ranked matches by name and description from the index."""

from __future__ import annotations

from typing import List, Optional

import typer

from skillpm.cli.app import app
from skillpm.cli.cmd_index import INDEX_OPT, JSON_OPT
from skillpm.cli.render import emit_json, grade_str, handles_errors, out, say, table


@app.command("search")
@handles_errors("search")
def search_cmd(
    query: List[str] = typer.Argument(..., help="Words to look for in names and descriptions."),
    limit: int = typer.Option(20, "--limit", "-n", help="Most results to show."),
    index: Optional[str] = INDEX_OPT,
    json_out: bool = JSON_OPT,
) -> None:
    """Search the index by name and description."""
    from skillpm.ops.search import search

    res = search(" ".join(query), index, limit)
    if json_out:
        emit_json("search", res)
        return
    if not res.hits:
        say(f"no skill matches {res.query!r} among {res.total} in the index")
        return
    rows = []
    for h in res.hits:
        desc = h["description"]
        rows.append([h["id"], grade_str(h["grade"] or "-"), h["session"] or "-",
                     desc[:70] + ("…" if len(desc) > 70 else "")])
    for line in table(rows, ["id", "grade", "tokens/session", "description"]):
        out(line)
    say(f"{len(res.hits)} of {res.total} skills shown; `skillpm info ID` for details")
