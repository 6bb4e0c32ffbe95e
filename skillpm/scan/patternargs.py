"""String literals a program hands to a regex or wildcard match as the pattern: what the text is searched for,
never run. Shared by the engine (a rule's match inside such a literal is a detector's pattern, low) and the
PowerShell flow (a download or ``iex`` spelled inside a pattern is no download and no run).

PowerShell: the right side of ``-match``/``-notmatch``/``-like``/``-replace``/``-split`` (and their ``i``/``c``
forms), ``Select-String``'s pattern (named, or its first positional argument), a ``[regex]`` cast,
``[regex]::new(…)`` and the pattern argument of ``[regex]::IsMatch(s, …)`` and kin. Shell: a ``grep``'s
(``egrep``'s, ripgrep's) pattern. Each alternative ends where the literal starts (``$``, searched up to it)."""

from __future__ import annotations

import re

PATTERN_ARG_BEFORE = (
    r"(?<![\w-])-[ic]?(?:not)?(?:match|like)\s*$|(?<![\w-])-[ic]?(?:replace|split)\s*\(?\s*$"
    r"|\b(?:Select-String|sls)\b(?:\s+-(?!Pattern\b)[A-Za-z]+(?:\s+(?!-)[^\s'\"|;]{1,120})?){0,4}\s+(?:-Pattern\s+)?$"
    r"|\[regex\]\s*$|\[regex\]::new\(\s*$"
    r"|\[regex\]::(?:IsMatch|Match|Matches|Replace|Split)\(\s*[$\w.]{1,60}\s*,\s*$"
    r"|(?<![\w-])(?:[ef]?grep|rg)(?:\s+-[A-Za-z]{1,6}|\s+--[a-z-]{2,30}(?:=[^\s'\"|;]{1,60})?)*\s+(?:-e\s+|--regexp[= ])?$")
_BEFORE_RE = re.compile(PATTERN_ARG_BEFORE, re.IGNORECASE)
# (cheap gate: a statement naming none of these holds no such literal)
_GATE_RE = re.compile(r"match|like|replace|split|select-string|sls|\[regex\]|grep|\brg\b", re.IGNORECASE)
_LITERAL_RE = re.compile(r"'[^'\n]*'|\"[^\"\n]*\"")


def runs_inside(literal: str) -> bool:
    """Whether a quoted literal runs code while it is built: a double-quoted string's ``$(…)`` or backticks (shell and
    PowerShell expand them before the match ever sees the pattern)."""
    return literal.startswith('"') and ("$(" in literal or "`" in literal)


def blank_pattern_literals(stmt: str) -> str:
    """``stmt`` with the inside of every quoted pattern argument (above) replaced by ``x``: what a program
    searches text for is no command of its own."""
    if _GATE_RE.search(stmt) is None:
        return stmt
    out, last = [], 0
    for m in _LITERAL_RE.finditer(stmt):
        if _BEFORE_RE.search(stmt, 0, m.start()) and not runs_inside(m.group(0)):
            out.append(stmt[last:m.start() + 1] + "x" * (m.end() - m.start() - 2))
            last = m.end() - 1
    if not out:
        return stmt
    out.append(stmt[last:])
    return "".join(out)
