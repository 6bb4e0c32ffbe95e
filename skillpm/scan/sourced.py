"""A shell script read with the settings file it sources: the data file decides, so its values are the script's.

``. "$here/rotation.conf"`` (or ``source scripts/support.env``) sets variables a script then uses as
its switch, its root or its list: ``PATTERN_V2='*'`` and ``SCHEMA_V2_EPOCH=…`` decide what a prune
deletes and from when; ``SNAP_FILES=…`` and ``SNAP_HOST=…`` what a snapshot holds and where it goes.
The script alone names variables; the file alone names values; neither reads as the harm.

``sourced_configs`` reads each shell script of the skill again with the assignments of each file of
the skill it sources written on the sourcing line (line for line), the home folder it resolves into a
variable written as ``$HOME`` (homeroot), and its literal variables expanded (assembled); what the
rules find there and not in the script as written is reported on the line, naming the file. Every
branch is read: a value set behind a date test (``[ "$(date +%s)" -ge "$EPOCH" ]``) is a value the
script takes on that date.
"""

from __future__ import annotations

import posixpath
import re

from skillpm.scan import flow

SCRIPT_MAX = 256 * 1024
CONF_MAX = 16 * 1024
SOURCE_RE = re.compile(r"^[ \t]*(?:\.|source)[ \t]+([^\n;&|]+?)[ \t]*(?:[;&|#].*)?$", re.M)
ASSIGN_LINE_RE = re.compile(r"^[ \t]*(?:export[ \t]+)?([A-Za-z_]\w{0,40})=(\"[^\"\n]*\"|'[^'\n]*'|[^\s;&|`$()]*)[ \t]*(?:#.*)?$")


def _sourced_file(arg: str, path: str, files: dict[str, bytes]) -> str | None:
    """The file of the skill a ``.``/``source`` argument names (by its path's tail), or None."""
    word = arg.strip().strip("\"'")
    tail = re.split(r"[/)}\"']", word)[-1] if word else ""
    if not tail or "$" in tail or "*" in tail:
        return None
    here = posixpath.dirname(path)
    cands = [p for p in files if posixpath.basename(p) == tail]
    if not cands:
        return None
    near = [p for p in cands if posixpath.dirname(p) == here]
    return (near or sorted(cands))[0]


def _assignments(text: str) -> list[str]:
    out = []
    for ln in text.split("\n")[:400]:
        m = ASSIGN_LINE_RE.match(ln)
        if m:
            out.append(f"{m.group(1)}={m.group(2)}")
    return out


def with_sources(path: str, text: str, files: dict[str, bytes]) -> str | None:
    """The script with each sourcing line replaced by the sourced file's assignments (``a=1; b='*'``)."""
    if ". " not in text and "source" not in text:
        return None
    changed = False

    def sub(m: re.Match) -> str:
        nonlocal changed
        src = _sourced_file(m.group(1), path, files)
        if src is None or src == path or len(files[src]) > CONF_MAX:
            return m.group(0)
        assigns = _assignments(files[src].decode("utf-8", errors="replace"))
        if not assigns:
            return m.group(0)
        changed = True
        return "; ".join(assigns)

    out = SOURCE_RE.sub(sub, text)
    return out if changed else None


def sourced_configs(sc, files: dict[str, bytes], found: list, description: str = "") -> list:
    from skillpm.scan import assembled, homeroot

    out = []
    for path, data in files.items():
        if len(data) > SCRIPT_MAX or b"source" not in data and b". " not in data:
            continue
        if flow.language(path, data[:200].decode("utf-8", errors="replace")) != "shell":
            continue
        text = data.decode("utf-8", errors="replace")
        copy = with_sources(path, text, files)
        if copy is None:
            continue
        copy = homeroot.home_rooted(copy) or copy
        lines = copy.split("\n")
        expanded = assembled.shell_assembled(copy)
        if expanded is not None:
            copy = "\n".join(e or c for e, c in zip(expanded, lines))
        known = {f.rule for f in found if f.file == path and f.grades}
        out += assembled.rescanned(sc, path, text, copy, description, known,
                                   "with the settings file it sources read as its own lines")
    return out
