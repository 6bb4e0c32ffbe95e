"""Which of a reader's literals may occur in a file, told from the file's words (speed only: the same findings).

A document reader that finds its places by plain substring search (``denied.near``: one ``str.find`` over the
whole file per literal) pays a full read of the file for every literal that is not there, the common case. Every
occurrence of a literal in the lowercase view puts each run of ASCII letters and digits it holds inside one word of
the view (``literals.Lexicon.words``: the maximal runs of such characters, non-ASCII word characters joined in),
so a literal one of whose runs lies in none of the view's words cannot occur, and is not looked for. The words are
the engine's (``_FileCtx.base.words``, found once per file for the rule prefilter), read as one joined string.
"""

from __future__ import annotations

import re

RUN_RE = re.compile(r"[a-z0-9]+")

_RUNS: dict[str, tuple[bytes, ...]] = {}  # literal → its runs of ASCII letters and digits (None: not ASCII)


def _runs(lit: str):
    got = _RUNS.get(lit, _RUNS)
    if got is _RUNS:
        got = _RUNS[lit] = tuple(r.encode() for r in RUN_RE.findall(lit)) if lit.isascii() and lit == lit.lower() \
            else None
    return got


def possible(ctx, lits) -> tuple[str, ...] | list[str]:
    """The literals of ``lits`` (lowercase) that may occur in ``ctx.view``'s lowercase: all of them when the
    engine's words of this view are not at hand."""
    base = getattr(ctx, "base", None)
    words = getattr(base, "words", None)
    if words is None or getattr(base, "text", None) is not ctx.view:
        return lits
    blob = getattr(ctx, "word_blob", None)
    if blob is None or blob[0] is not words:
        blob = (words, b"\n".join(words))
        ctx.word_blob = blob
    joined = blob[1]
    out = []
    for lit in lits:
        runs = _runs(lit)
        if runs is None or all(r in joined for r in runs):
            out.append(lit)
    return out
