"""A document read by its units: the paragraph, list item or table row around a place, and where words occur.

What the readers of an order in prose share (denied.py, grants.py, overruled.py, templated.py, unasked.py): the
lowercase view with its offsets kept, the matches of a pattern found only around the plain places of its words, and
the unit of the document around an offset (a table row, a list item with its continuation lines, or a paragraph,
reaching back over a heading right above).
"""

from __future__ import annotations

import re

HEADING_RE = re.compile(r"[ \t]{0,3}#{1,6}[ \t]")  # matched at a line's start
HEADING_LINE_RE = re.compile(r"^[ \t]{0,3}#{1,6}[ \t]", re.MULTILINE)  # the headings of a whole text
ITEM_RE = re.compile(r"[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]")


def section_at(text: str, at: int) -> tuple[int, int]:
    """(start, end) of the heading-bounded section around offset ``at``: from the start of the last heading line
    that starts at or before ``at`` (0 when none) to the start of the next heading line (the text's end when
    none). A heading may be indented up to three blanks (CommonMark); only lines holding a ``#`` are looked at."""
    a, p = 0, at + 1
    while True:
        p = text.rfind("#", 0, p)
        if p < 0:
            break
        ls = text.rfind("\n", 0, p) + 1
        if HEADING_RE.match(text, ls):
            a = ls
            break
        p = ls  # (no other # of this line starts a heading)
    b, p = len(text), at
    while True:
        p = text.find("#", p + 1)
        if p < 0:
            break
        ls = text.rfind("\n", 0, p) + 1
        if ls > at and HEADING_RE.match(text, ls):
            b = ls
            break
        p = text.find("\n", p)
        if p < 0:
            break
    return a, b


def low_of(ctx) -> str:
    """The lowercase view, offsets aligned (the engine's when it has one)."""
    low = getattr(getattr(ctx, "base", None), "low", None)
    if low is None or len(low) != len(ctx.view):
        low = ctx.view.lower()
        if len(low) != len(ctx.view):
            low = "".join(c if len(c.lower()) != 1 else c.lower() for c in ctx.view)
    return low


def near(low: str, lits, rx, text: str | None = None, before: int = 40, after: int = 120, most: int = 40) -> list:
    """The matches of ``rx`` (on ``text``, by default ``low``) found around the places of ``lits`` in ``low`` (plain
    substring finds: a regex is run only where one of its words is), sorted and without repeats."""
    text = low if text is None else text
    if "\n" in low and any(" " in lit for lit in lits):
        low = low.replace("\n", " ")  # a phrase wrapped over two lines is found (same offsets)
    got: dict[int, re.Match] = {}
    for lit in lits:
        at, n = low.find(lit), 0
        while at >= 0 and n < most:
            m = rx.search(text, max(0, at - before), at + len(lit) + after)
            if m is not None:
                got.setdefault(m.start(), m)
            at, n = low.find(lit, at + len(lit)), n + 1
    return [got[k] for k in sorted(got)]


def clause_start(rx: re.Pattern, text: str, lo: int, at: int) -> int:
    """Where the clause holding ``at`` starts: the end of the last match of ``rx`` (a reader's own clause or
    sentence ends) in ``text[lo:at]``, else ``lo``."""
    s = lo
    for e in rx.finditer(text, lo, at):
        s = e.end()
    return s


def line_at(view: str, pos: int) -> tuple[int, int]:
    """(start, end) of the line around ``pos``, without its newline."""
    s = view.rfind("\n", 0, pos) + 1
    e = view.find("\n", pos)
    return s, (len(view) if e < 0 else e)


def lead_line(view: str, start: int) -> tuple[int, int] | None:
    """The line that leads into the list whose item starts at ``start`` (the nearest line above it that is not
    blank, an item or indented), or None when the unit is no list item or a heading or a table row comes first."""
    ls, le = line_at(view, start)
    if not ITEM_RE.match(view[ls:le]):
        return None
    at = ls
    for _ in range(60):
        if at == 0:
            return None
        ps, pe = line_at(view, at - 1)
        text = view[ps:pe]
        if not text.strip() or ITEM_RE.match(text) or text[:1] in " \t":
            at = ps
            continue
        if HEADING_RE.match(text) or text.lstrip().startswith("|"):
            return None
        return ps, pe
    return None


def _breaks(line: str) -> bool:
    """Whether a line ends a unit: blank, a heading or a table row."""
    t = line.lstrip(" \t>")
    return not t.strip() or HEADING_RE.match(line) is not None or t.startswith("|")


def unit_at(view: str, pos: int) -> tuple[int, int, int]:
    """(start, end, context_start) of the unit around ``pos``: its table row, its list
    item with continuation lines, or its paragraph; ``context_start`` reaches back over a heading right above."""
    ls, le = line_at(view, pos)
    line = view[ls:le]
    if line.lstrip(" \t>").startswith("|"):
        return ls, le, ls
    start = ls
    if not ITEM_RE.match(line):
        for _ in range(40):
            if start == 0:
                break
            ps, pe = line_at(view, start - 1)
            prev = view[ps:pe]
            if _breaks(prev):
                break
            start = ps
            if ITEM_RE.match(prev):
                break
    end = le
    for _ in range(40):
        if end >= len(view):
            break
        ns, ne = line_at(view, end + 1)
        nxt = view[ns:ne]
        if _breaks(nxt) or ITEM_RE.match(nxt):
            break
        end = ne
    ctx = start
    if start > 0:
        ps, pe = line_at(view, start - 1)
        if HEADING_RE.match(view[ps:pe]):
            ctx = ps
    return start, end, ctx
