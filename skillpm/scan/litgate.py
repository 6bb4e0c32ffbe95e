"""Which of a reader's literals may occur in a file, told from the file's words (speed only: the same findings).

A document reader that finds its places by plain substring search (``denied.near``: one ``str.find`` over the
whole file per literal) pays a full read of the file for every literal that is not there, the common case. Every
occurrence of a literal in the lowercase view puts each run of ASCII letters and digits it holds inside one word of
the view (``literals.Lexicon.words``: the maximal runs of such characters, non-ASCII word characters joined in),
so a literal whose longest run lies in none of the view's words cannot occur, and is not looked for. The words are
the engine's (``_FileCtx.has``: the view's words and those of its deobfuscated copy, a superset), joined once per
file into the string its substring tests read.
"""

from __future__ import annotations

import re

RUN_RE = re.compile(r"[a-z0-9]+")

_KEYS: dict[int, tuple] = {}  # id of a literals tuple → (the tuple, (literal, its longest run or None) each)


def _keyed(lits) -> list[tuple[str, bytes | None]]:
    got = _KEYS.get(id(lits))
    if got is None or got[0] is not lits:
        pairs = []
        for lit in lits:
            runs = RUN_RE.findall(lit) if lit.isascii() and lit == lit.lower() else ()
            pairs.append((lit, max(runs, key=len).encode() if runs else None))
        if len(_KEYS) > 256:  # (the readers pass a few constant tuples: bounded all the same)
            _KEYS.clear()
        got = _KEYS[id(lits)] = (lits, pairs)
    return got[1]


def possible(ctx, lits) -> tuple[str, ...] | list[str]:
    """The literals of ``lits`` (lowercase) that may occur in ``ctx.view``'s lowercase: those whose longest run of
    letters and digits lies in a word of the view (all of them when the engine's words of this view are not at hand)."""
    base, has = getattr(ctx, "base", None), getattr(ctx, "has", None)
    if base is None or has is None or getattr(base, "text", None) is not ctx.view or getattr(has, "base", None) is not base:
        return lits
    blob = has.blob  # the words the rule prefilter's substring tests read (the view's, and its deobfuscated copy's)
    if blob is None:
        blob = has.blob = b"\n".join(has.words)  # (as _Substrings makes it: made once per file, for both)
    return [lit for lit, run in _keyed(lits) if run is None or run in blob]
