"""What a rule regex must start with, and which words a text holds: the scanner's prefilter.

Python's ``re`` has no multi-literal search, so running ~220 rule patterns over every byte of
a skill is slow. Instead:

1. ``leading_literals`` reads a pattern's parse tree once and returns the lowercase literal
   strings any match must begin with (``\\b(?:ignore|disregard)\\s+all`` gives ``ignore``,
   ``disregard``), or None when a match can begin with too many things.
2. ``Lexicon`` splits a file into its words in a few C-level passes (``bytes.translate``,
   ``split``, ``set``) and tells which of the rules' key words occur, so only the patterns
   whose literals can occur are tried, and only at the places where those literals are.

Both are necessary conditions, never sufficient: a pattern still has to match.
"""

from __future__ import annotations

import re
from itertools import chain

try:  # Python 3.11+
    from re import _constants as _C, _parser as _P  # type: ignore[attr-defined]
except ImportError:  # Python 3.10
    import sre_constants as _C  # type: ignore[no-redef]
    import sre_parse as _P  # type: ignore[no-redef]

MAX_LITERALS = 256  # more alternatives than this at the start: give up (the pattern runs in windows)
STOP_LENGTH = 24  # literals longer than this are cut; they are selective enough
WORD_RE = re.compile(r"(?:[a-z0-9]|[^\x00-\x7f\W])+")  # ASCII letters and digits, and non-ASCII word characters
_ASCII_BYTES = bytes(range(128))
_WORDCHARS = frozenset(b"abcdefghijklmnopqrstuvwxyz0123456789")
# Bytes that belong to a word: ASCII letters and digits, and every byte of a non-ASCII character
# (``\b`` counts é as a word character; the non-ASCII ones it does not count are turned into
# spaces first, see ``_bytes``). Everything else separates words; "_" too, so that "api_key"
# holds the word "key" (a superset of what ``\b`` sees, which is what a prefilter needs).
WORD_TABLE = bytes.maketrans(bytes(range(256)),
                             bytes(c if c in _WORDCHARS or c >= 0x80 else 0x20 for c in range(256)))
_SPACE = frozenset(" \t\n\r\f\v")
EDGE = "\x00"  # in a leading literal: a word starts or ends here (\b, or whitespace follows)


def _in_chars(items) -> set[str] | None:
    out: set[str] = set()
    for op, av in items:
        if op is _C.LITERAL:
            out.add(chr(av).lower())
        elif op is _C.RANGE and av[1] - av[0] <= 10:
            out.update(chr(c).lower() for c in range(av[0], av[1] + 1))
        else:
            return None  # a category (\w, \s), a negation or a wide range: anything may start here
    return out if len(out) <= 12 else None


def _is_space_class(op, av) -> bool:
    if op is _C.IN:
        return all(o is _C.CATEGORY and a is _C.CATEGORY_SPACE or o is _C.LITERAL and chr(a) in _SPACE
                   for o, a in av)
    return op is _C.LITERAL and chr(av) in _SPACE


def _is_space_item(op, av) -> bool:
    if op in (_C.MAX_REPEAT, _C.MIN_REPEAT) and av[0] >= 1 and len(av[2]) == 1:
        return _is_space_class(*av[2][0])
    return op is _C.IN and _is_space_class(op, av)


def _mark(starts: set[str]) -> set[str]:
    return {s if s.endswith(EDGE) else s + EDGE for s in starts}


def _walk(items, starts: set[str]) -> tuple[set[str] | None, bool]:
    """Extend each string of ``starts`` by what ``items`` must match next: (strings, reached the end)."""
    for op, av in items:
        if op is _C.AT and av is _C.AT_BOUNDARY:
            starts = _mark(starts)  # a word starts or ends here
            continue
        if op in (_C.AT, _C.ASSERT, _C.ASSERT_NOT):
            continue  # zero width: ^, look-arounds constrain, never consume
        if _is_space_item(op, av):
            return _mark(starts), False  # \s+: whatever word came before ends here
        if op is _C.LITERAL:
            ch = chr(av).lower()
            starts = {s + ch for s in starts}
        elif op is _C.IN:
            chars = _in_chars(av)
            if chars is None:
                return starts, False
            starts = {s + c for s in starts for c in chars}
        elif op is _C.SUBPATTERN:
            starts, done = _walk(av[-1], starts)
            if starts is None or not done:
                return starts, False
        elif op is _C.BRANCH:
            out: set[str] = set()
            done = True
            for alt in av[1]:
                got, alt_done = _walk(alt, starts)
                if got is None:
                    return None, False
                out |= got
                done = done and alt_done
            starts = out
            if not done:
                return starts, False
        elif op in (_C.MAX_REPEAT, _C.MIN_REPEAT, getattr(_C, "POSSESSIVE_REPEAT", None)):
            lo, hi, item = av
            if lo == 0 and hi == 1:  # optional: with and without it, and the walk stops after it
                got, _ = _walk(item, starts)
                return (None if got is None else starts | got), False
            if lo >= 1:
                got, _ = _walk(item, starts)
                return got, False
            return starts, False
        else:
            return starts, False
        if len(starts) > MAX_LITERALS:
            return None, False
        if all(len(s) >= STOP_LENGTH for s in starts):
            return starts, False
    return starts, True


def leading_literals(pattern: str, flags: int = 0) -> tuple[str, ...] | None:
    """Lowercase strings one of which starts every match of ``pattern``; None when unknown.

    ``EDGE`` inside a string marks a word edge (``\\b``, or whitespace follows): "\\x00curl\\x00"
    is the whole word curl. ``plain(s)`` is the text to look for.

    A string that has a shorter one of the set as its prefix is dropped (the shorter one finds
    it too). An optional part is walked both ways and ends the walk: ``curl(?:s)?`` gives ``curl``
    (and ``curls``, dropped), while ``(?:the\\s+)?old`` gives None (the match may start anywhere).
    """
    try:
        tree = _P.parse(pattern, flags)
    except re.error:
        return None
    got, _ = _walk(list(tree), {""})
    if not got or any(not s.replace(EDGE, "") for s in got):
        return None
    out: list[str] = []
    for s in sorted(got):
        if out and s.startswith(out[-1]):
            continue
        out.append(s)
    return tuple(out)


def plain(literal: str) -> str:
    return literal.replace(EDGE, "")


class Key:
    """How a literal shows up among a text's words: by one whole word or word start, else by a substring test."""

    __slots__ = ("word", "exact", "substring", "whole")

    def __init__(self, literal: str, word_start: bool):
        runs = [(m.start(), m.end()) for m in WORD_RE.finditer(literal)]
        # Words any occurrence holds whole: a run with a separator or an EDGE on both sides
        # inside the literal itself (ASCII literals only: the word split of non-ASCII text is subtler).
        self.whole = frozenset(literal[a:b].encode() for a, b in runs if 0 < a and b < len(literal)) \
            if literal.isascii() else frozenset()
        usable = []
        for a, b in runs:
            if not (a > 0 or word_start):  # the text's word might start before this run
                continue
            exact = b < len(literal)  # the literal goes on with a separator: the text's word ends here too
            usable.append((b - a, exact, literal[a:b]))
        self.word: bytes | None = None
        self.exact = False
        self.substring: str | None = None
        if usable:
            _, self.exact, word = max(usable)
            self.word = word.encode("utf-8")
        else:
            self.substring = plain(literal)


def _bytes(low: str) -> bytes:
    """``low`` as UTF-8, with every non-ASCII character that is no word character to ``\\b``
    replaced by spaces (as many as its UTF-8 bytes, so that byte offsets stay put).

    In C passes: the ASCII bytes are dropped to list the distinct non-ASCII characters (a
    text has few), and each separator among them is replaced by bytes (UTF-8 never holds one
    character's bytes inside another's)."""
    data = low.encode("utf-8", "surrogatepass")
    if len(data) != len(low):
        for c in set(data.translate(None, _ASCII_BYTES).decode("utf-8", "surrogatepass")):
            if not c.isalnum():  # \w, for a non-ASCII character (the re module's own test)
                b = c.encode("utf-8", "surrogatepass")
                data = data.replace(b, b" " * len(b))
    return data


class Lexicon:
    """The rules' key words, and which of them one text holds (in C-level passes over its bytes)."""

    def __init__(self, keys):
        keys = list(keys)
        self.exact = frozenset(k.word for k in keys if k.word and k.exact)
        self.prefixes = frozenset(k.word for k in keys if k.word and not k.exact)
        self.prefix_lengths = sorted({len(p) for p in self.prefixes})
        # A word's first three bytes name the prefix lengths worth trying (most words: none);
        # the one- and two-byte prefixes are tried on every word.
        self._short = [n for n in self.prefix_lengths if n < 3]
        self._by_head: dict[bytes, tuple[int, ...]] = {}
        for p in sorted(self.prefixes):
            if len(p) >= 3:
                self._by_head[p[:3]] = self._by_head.get(p[:3], ()) + (len(p),)
        # str.lower() depends on context in one case only, Greek capital sigma (σ, or ς at a word's
        # end). Keys without either are held by a word whatever its sigmas became, so the words of
        # a text with separators cut out can be read near the cuts alone (see words_across).
        self.sigma_free = not any("σ".encode() in k or "ς".encode() in k for k in self.exact | self.prefixes)
        self._seen: set[bytes] = set()  # words already looked at (in any text)
        self._hits: dict[bytes, tuple[bytes, ...]] = {}  # word → the key prefixes it starts with

    @staticmethod
    def words(low: str) -> set[bytes]:
        """The words of a lowercase text, as UTF-8 bytes."""
        return set(_bytes(low).translate(WORD_TABLE).split())

    @staticmethod
    def words_across(low: str, offsets) -> set[bytes]:
        """The words of ``low`` that run across one of ``offsets`` (a word character on both sides).

        When separators are cut out of a text (string concatenations undone), every word of the
        result is a word of the original or runs across a cut: only those need reading."""
        data = _bytes(low)
        marked = data.translate(WORD_TABLE)
        if len(data) != len(low):  # character offsets to byte offsets, a slice of text at a time
            byte_offsets, done, b = [], 0, 0
            for off in offsets:
                b += len(low[done:off].encode("utf-8", "surrogatepass"))
                done = off
                byte_offsets.append(b)
            offsets = byte_offsets
        out = set()
        n, end = len(marked), 0
        for b in offsets:
            if b < end or not 0 < b < n or marked[b - 1] == 32 or marked[b] == 32:
                continue  # inside the word just read, or a separator on one side: no new word
            lo = marked.rfind(b" ", 0, b) + 1
            end = marked.find(b" ", b)
            if end < 0:
                end = n
            out.add(marked[lo:end])
        return out

    def present(self, words: set[bytes]) -> set[bytes]:
        """The key words (exact ones, and prefixes some word starts with) found among ``words``."""
        if len(self._seen) > 400_000:  # bounded memory over a long scan of many skills
            self._seen.clear()
            self._hits.clear()
        new = words - self._seen
        if new:
            prefixes, short, by_head, hits = self.prefixes, self._short, self._by_head, self._hits
            for w in new:
                found = [w[:n] for n in short if n <= len(w) and w[:n] in prefixes]
                longer = by_head.get(w[:3])
                if longer:
                    found += [w[:n] for n in longer if n <= len(w) and w[:n] in prefixes]
                if found:
                    hits[w] = tuple(found)
            self._seen |= new
        out = words & self.exact
        out.update(chain.from_iterable(map(self._hits.__getitem__, words & self._hits.keys())))
        return out


def _ends_blank(items) -> bool:
    """Whether every match of ``items`` (a parsed sequence) ends with a whitespace character."""
    if not items:
        return False
    op, av = items[-1]
    if _is_space_item(op, av):
        return True
    if op is _C.SUBPATTERN:
        return _ends_blank(av[-1])
    if op is _C.BRANCH:
        return all(_ends_blank(alt) for alt in av[1])
    return False


def _repeat_ending_blank(op, av, before: bool) -> bool:
    """Whether the text ends in whitespace after a repeat of items that end in whitespace:
    always when it repeats at least once, and when it may be skipped, if it did before."""
    if op not in (_C.MAX_REPEAT, _C.MIN_REPEAT, getattr(_C, "POSSESSIVE_REPEAT", None)):
        return False
    lo, _, item = av
    return _ends_blank(list(item)) and (lo >= 1 or before)


def required_literals(pattern: str, flags: int = 0) -> list[tuple[str, ...]]:
    """Groups of lowercase literals (``EDGE``-marked like ``leading_literals``), one of each group in every match.

    The top level of the pattern is cut at its gaps (``[^\\n]{0,60}?``, ``\\s+``, wide classes);
    each stretch between two gaps that is a literal or an alternation of literals gives a
    group: ``\\b(?:ignore|forget)\\b[^\\n]{0,60}?\\b(?:previous|prior)\\b`` gives one group,
    ``previous``/``prior``. The first stretch is ``leading_literals``' job; a pattern that is
    one big alternation gives nothing.
    """
    try:
        tree = list(_P.parse(pattern, flags))
    except re.error:
        return []
    stretches: list[tuple[list, bool, bool]] = []  # (items, a word starts before, a word ends after)
    cur: list = []
    starts_word = False
    blank = False  # what the pattern matched so far ends in whitespace, whichever way it went
    for op, av in tree:
        got, done = _walk([(op, av)], {""})
        if got is not None and done:
            cur.append((op, av))
            if op is not _C.AT:  # zero width (\b, ^) leaves the last character as it was
                blank = False
            continue
        space = _is_space_item(op, av)
        if got is not None and not space and plain(min(got, key=len)):
            cur.append((op, av))  # it starts with literals and then varies: the stretch ends inside it
            blank = False
        else:
            # ``(?:\w+\s+){0,3}`` after ``\s+``: taken or skipped, a blank comes right before what follows
            blank = space or _repeat_ending_blank(op, av, blank)
        stretches.append((cur, starts_word, space))
        cur, starts_word = [], blank
    stretches.append((cur, starts_word, False))
    out = []
    for items, before, after in stretches[1:]:
        if not items:
            continue
        got, _ = _walk(items, {EDGE if before else ""})
        if got is None or len(got) > MAX_LITERALS or not all(plain(x) for x in got):
            continue
        out.append(tuple(sorted(_mark(got) if after else got)))
    return out
