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


# ---------------------------------------------------------------- one of many literals in a file's bytes
# A reader's gate "does this file hold one of these words" (``any(w in data for w in words)``) reads the whole file
# once per word when none is there, the common case. Words that share three characters are tested behind them: when
# the three are missing, so are all their words (one read in place of several). The same answer, fewer reads.
_GROUPS: dict[int, tuple] = {}  # id of a words tuple → (the tuple, its groups)


def _grouped(words) -> list[tuple[object, tuple]]:
    """(key, the words holding it) for a few shared 3-character keys (greedy: the key most words hold first), then
    (word, ()) for each word left."""
    got = _GROUPS.get(id(words))
    if got is not None and got[0] is words:
        return got[1]
    rest, groups = list(dict.fromkeys(words)), []
    while True:
        counts: dict = {}
        for w in rest:
            for key in {w[i:i + 3] for i in range(len(w) - 2)}:
                counts[key] = counts.get(key, 0) + 1
        best = max(counts.items(), key=lambda kv: (kv[1], kv[0]), default=None)
        if best is None or best[1] < 2:
            break
        groups.append((best[0], tuple(w for w in rest if best[0] in w)))
        rest = [w for w in rest if best[0] not in w]
    groups += [(w, ()) for w in rest]
    if len(_GROUPS) > 64:  # (the readers pass a few constant tuples: bounded all the same)
        _GROUPS.clear()
    _GROUPS[id(words)] = (words, groups)
    return groups


def any_in(data, words) -> bool:
    """Whether one of ``words`` (all str, or all bytes) occurs in ``data``: ``any(w in data for w in words)``."""
    for key, members in _grouped(words):
        if key in data and (not members or any(w in data for w in members)):
            return True
    return False
