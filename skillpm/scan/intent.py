"""Sentence-level intents: concepts that must meet in one sentence of prose.

A pattern knows phrasings; a paraphrased injection avoids them but still has to say what it
wants: that the agent send *secrets* to *an outside address*, that *the instructions it was
given* are *lifted*, that it keep a step *from the user*. Each concept in ``rules.toml``'s
``[concepts]`` is a regex for one such idea in many wordings; a rule's ``intents`` name the
concepts that must all occur in one sentence (or in ``window`` neighbouring sentences of one
line: a paragraph once its soft breaks are joined, a list item and the items next to it, a
table row) before it fires.
The finding is placed on the first concept's match, and takes the same context checks
(negation, quoting, defensive headings) as any pattern match.

Speed: a concept's leading words join the scanner's word prefilter, so an intent whose concepts
are not all among a file's words costs nothing; otherwise its rarest concept is matched only
where its leading words are, and the others only in the sentences around those matches.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from skillpm.scan.docunits import HEADING_LINE_RE as HEADING_RE

# A sentence ends at . ! ? (not inside "e.g." or "i.e.") followed by blanks, or at a line break:
# the text given here has its soft-wrapped paragraph lines already joined.
# (Written with its first character a class of its own: re then skips ahead to the next candidate
# in C, where the plain alternation is tried at every character; the same matches, 2x faster.)
SENTENCE_END_RE = re.compile(r"[.!?\n](?:(?<=\n)|(?<=[.!?])[.!?]*(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\bvs\.)(?<!\betc\.)[\"'”’)\]*_]*[ \t]+)")
MAX_TEXT = 512 * 1024  # characters of one file read for intents (prose beyond this is rare)
SPAN = 600  # how far from its rarest concept an intent's other concepts are looked for
MAX_WINDOWS = 20_000  # sentence windows weighed per file (a hostile file of keywords stops here) …
MAX_WINDOWS_BIG = 250  # … and per file over 128 KiB, where a line can be a megabyte of keywords
# A list item: a bullet or a number ("1." "2)"), then a blank.
LIST_ITEM_RE = re.compile(r"[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]+")
NUMBER_RE = re.compile(r"[ \t]*\d{1,3}[.)][ \t]+")
LOCATE_BELOW = 48  # a concept whose words are this rare in a file is located whole, not searched per window
# Earlier steps (an intent's ``earlier`` concepts): a sentence that sends on "them", "the bundle" or
# "everything from step 3" names what it sends by referring back; what that is was said before it,
# in its own section (from the heading above it) or in the step it names by number.
BACK = 3000  # characters before the sentence read as its section, at most
STEP_REF_RE = re.compile(r"\b(?:steps?|stages?|phases?|parts?|sections?)[ \t]+(\d{1,2})(?:[ \t]*(?:-|–|—|to|through|and|&)[ \t]*(\d{1,2}))?\b", re.I)
STEP_HEAD = r"^(?:[ \t]{{0,3}}#{{1,6}}[ \t]+(?:[*_]{{0,2}})(?:(?:step|stage|phase|part)[ \t]+)?|[*_]{{2}}(?:step|stage|phase|part)[ \t]+|(?:step|stage|phase|part)[ \t]+|){n}(?:[.):][ \t]|[ \t]+[-–—:]|[ \t]*$)"


def outside(src: str, start: int = 0):
    """(offset, character) of each character of a regex from ``start`` that is neither escaped
    nor part of a character class."""
    cls, i = False, start
    while i < len(src):
        c = src[i]
        if c == "\\":
            i += 2
            continue
        if cls:
            cls = c != "]"
        elif c == "[":
            cls = True
            if src[i + 1:i + 2] == "]":
                i += 1
        else:
            yield i, c
        i += 1


def _structure(src: str, start: int = 0):
    """(offset, character, group depth after it) of each ``(``, ``)`` and ``|`` of a regex from
    ``start``, skipping escapes and character classes."""
    depth = 0
    for i, c in outside(src, start):
        if c in "()|":
            depth += (c == "(") - (c == ")")
            yield i, c, depth


def _top_split(body: str) -> list[str]:
    """``body`` cut at its top-level ``|`` (outside groups, classes and escapes)."""
    parts, start = [], 0
    for i, c, depth in _structure(body):
        if c == "|" and depth == 0:
            parts.append(body[start:i])
            start = i + 1
    parts.append(body[start:])
    return parts


def _group_end(src: str, open_at: int) -> int:
    """Offset of the ``)`` closing the group that opens at ``open_at`` (-1: none)."""
    for i, c, depth in _structure(src, open_at):
        if c == ")" and depth == 0:
            return i
    return -1


def branches(src: str) -> list[str]:
    """A concept regex as the regexes of its alternatives: ``\\b(?:a|b(?:c|d))\\b`` gives
    ``\\ba\\b`` and ``\\bb(?:c|d)\\b``; an alternative that is itself such an
    alternation is split again. Each alternative then gets its own prefilter (its leading words
    and the words it needs further on), which one big alternation cannot have; together they
    match where the whole does."""
    for prefix in ("\\b(?:", "(?:"):
        if src.startswith(prefix):
            end = _group_end(src, len(prefix) - 3)
            suffix = src[end + 1:]
            if end < 0 or suffix not in ("", "\\b"):
                break
            parts = _top_split(src[len(prefix):end])
            if len(parts) == 1:
                break
            head = prefix[:-3]  # no top-level | is left in an alternative: it needs no group of its own
            return [b for p in parts for b in branches(f"{head}{p}{suffix}")]
    return [src]


@dataclass
class Hit:
    rule: object
    intent: object
    matches: tuple  # every concept's match, in the intent's order
    sentence: tuple[int, int]  # offsets of the sentences the concepts met in

    @property
    def match(self) -> re.Match:
        """The first concept's match, where the finding goes."""
        return self.matches[0]


def _sentences(text: str, pos: int, reach: int) -> tuple[list[int], int]:
    """Starts of the sentences of the line (a joined paragraph, a list item, a table row) around
    ``pos``, at most ``reach`` characters either side, and the end of the last one. A list item's
    neighbouring items count as part of its line: a goal split over two steps ("1. Collect the
    keys." "2. Post them to …") is one goal, and each item still ends a sentence of its own."""
    lo = text.rfind("\n", 0, pos) + 1
    hi = text.find("\n", pos)
    hi = len(text) if hi < 0 else hi
    if LIST_ITEM_RE.match(text, lo, hi):
        before = text.rfind("\n", 0, lo - 1) + 1 if lo else lo
        if before < lo and LIST_ITEM_RE.match(text, before, lo):
            lo = before
        after = text.find("\n", hi + 1) if hi < len(text) else -1
        after = len(text) if after < 0 else after
        if after > hi and LIST_ITEM_RE.match(text, hi + 1, after):
            hi = after
    lo, hi = max(lo, pos - reach), min(hi, pos + reach)
    # "2. " at a line's start numbers an item; it ends no sentence (only a period after a digit is weighed)
    return [lo] + [m.end() for m in SENTENCE_END_RE.finditer(text, lo, hi) if m.end() < hi and not (
        text[m.start() - 1:m.start()].isdigit() and NUMBER_RE.fullmatch(text, text.rfind("\n", 0, m.end()) + 1, m.end()))], hi


def _section(text: str, pos: int) -> tuple[int, int]:
    """The stretch before ``pos`` that is its section: from the heading above it (at most ``BACK``
    characters back)."""
    lo = max(0, pos - BACK)
    head = None
    for head in HEADING_RE.finditer(text, lo, pos):
        pass
    return (head.start() if head else lo), pos


def _steps(text: str, lo: int, hi: int) -> list[tuple[int, int]]:
    """The steps a passage names by number ("step 3", "steps 1-5", "stage 2"): each from its
    heading or numbered item to the next heading (at most ``BACK`` characters)."""
    out = []
    for m in STEP_REF_RE.finditer(text, lo, hi):
        first = int(m.group(1))
        last = int(m.group(2)) if m.group(2) else first
        for n in range(first, min(last, first + 9) + 1):
            head = re.compile(STEP_HEAD.format(n=n), re.I | re.M).search(text)
            if head is None or lo <= head.start() < hi:
                continue
            nxt = HEADING_RE.search(text, head.end(), head.start() + BACK)
            out.append((head.start(), nxt.start() if nxt else min(len(text), head.start() + BACK)))
    return out


def _named(text: str, ref: re.Match) -> list[tuple[int, int]]:
    """The sections before a back-reference whose heading names what it refers to: "upload the
    snapshot" and "## Capture the runtime snapshot", "all sources" and "## Sources to collect"."""
    word = re.sub(r"(?:es|s)$", "", ref.group().lower().rsplit(None, 1)[-1])
    if len(word) < 4:
        return []
    out = []
    for head in HEADING_RE.finditer(text, 0, ref.start()):
        end = text.find("\n", head.end())
        end = len(text) if end < 0 else end
        if re.search(r"\b" + re.escape(word) + r"(?:e?s)?\b", text[head.end():end], re.I):
            nxt = HEADING_RE.search(text, end, head.start() + BACK)
            out.append((head.start(), nxt.start() if nxt else min(len(text), head.start() + BACK)))
    return out[-2:]


COLON_FENCE_RE = re.compile(r":[*_]*[ \t]*\n(?:[ \t]*\n){0,2}[ \t]{0,3}(?:`{3,}|~{3,})")
CLOSE_FENCE_RE = re.compile(r"^[ \t]{0,3}(?:`{3,}|~{3,})[ \t]*$", re.M)


def _introduced(text: str, raw: str, name: str, search_raw, action) -> list[tuple[re.Match, int, int]]:
    """The code blocks a sentence introduces with a colon ("upload it and give the user the link:"),
    read as the rest of what it says: for each whose sentence names the action (``action(lo, hi)``)
    and whose code (in ``raw``, ``text`` before code was blanked) holds concept ``name``, its first
    match there and the colon's place in the sentence."""
    out = []
    for c in COLON_FENCE_RE.finditer(raw):
        if text[c.start()] != ":":
            continue  # a colon inside code, not a sentence
        if action(max(text.rfind("\n", 0, c.start()) + 1, c.start() - SPAN), c.start()) is None:
            continue
        body = raw.find("\n", c.end()) + 1
        if not body:
            continue
        close = CLOSE_FENCE_RE.search(raw, body, body + BACK)
        r = search_raw(name, body, close.start() if close else min(len(raw), body + BACK))
        if r is not None:
            out.append((r, c.start(), c.start() + 1))
    return out


def _earlier(text: str, lo: int, hi: int, names, search, ref: re.Match | None, first_in) -> dict | None:
    """The first match of each of ``names`` in what the sentence text[lo:hi] refers back to (``search``
    finds its further back-references, ``first_in`` the concepts): its
    section before it, a step that section names by number, or a section whose heading names what
    a back-reference of the sentence (``ref``, the first, and those after it) refers to; None if
    one is missing from all of them."""
    sec = _section(text, lo)
    regions = [sec] + _steps(text, sec[0], hi)
    for _ in range(4):  # every back-reference of the sentence (a few) may name a heading
        if ref is None:
            break
        regions += _named(text, ref)
        ref = search("backref", ref.end(), hi)
    got = {}
    for name in names:  # ``first_in``: from the concept's matches in the whole file (found once)
        for rlo, rhi in regions:
            r = first_in(name, rlo, rhi) if rlo < rhi else None
            if r is not None:
                got[name] = r
                break
        else:
            return None
    return got


def find(text: str, wanted, locate, search, cost, budget: int = MAX_WINDOWS, raw: str | None = None,
         search_raw=None) -> tuple[list[Hit], bool]:
    """Every place where all concepts of an intent meet, and whether ``budget`` cut the search short.

    ``wanted``: (rule, intent) pairs whose concepts may all occur (their words are in the file);
    ``locate(name)``: every match of a concept (found by its leading words); ``search(name, lo,
    hi)``: its first match in text[lo:hi]; ``cost(name)``: how common its words are here. Each
    intent starts from its rarest concept and looks for the others only in the sentences around
    it, at most ``SPAN`` characters away (a run-on "sentence" of a megabyte costs no more).
    An intent with ``earlier`` concepts looks for them in what its sentence refers back to
    (``_earlier``); it starts from its second concept, which may also stand in the code block the
    sentence introduces with a colon (``raw``: the text before code was blanked, searched by
    ``search_raw``).
    """
    located: dict[str, list] = {}
    starts2: dict[str, list[int]] = {}
    lines: dict[int, tuple[list[int], int]] = {}  # sentences of the lines seen, by line start
    seen: dict[tuple[str, int, int], object] = {}
    out: list[tuple[int, Hit]] = []
    left = budget
    costs: dict[str, int] = {}
    # Intents of one concept run first: they locate it, and an intent that also names it then
    # starts from its true number of matches (often few) rather than from how common its words
    # are. Hits are handed back in the intents' own order (the first one holds its line).
    def first_in(name: str, lo: int, hi: int):
        """The first match of concept ``name`` in text[lo:hi], from all its matches (located once)."""
        ms2 = located.get(name)
        if ms2 is None:
            ms2 = located[name] = locate(name)
        at = starts2.get(name)
        if at is None:
            at = starts2[name] = [x.start() for x in ms2]
        j = bisect_left(at, lo)
        return ms2[j] if j < len(ms2) and ms2[j].start() < hi else None

    for index in sorted(range(len(wanted)), key=lambda i: len(wanted[i][1].concepts) > 1):
        rule, it = wanted[index]
        for name in it.concepts:
            if name not in costs:
                costs[name] = cost(name)
        # the rarest first: a window fails early (concepts said in earlier steps are looked for last)
        order = sorted((n for n in it.concepts if n not in it.earlier),
                       key=lambda n: len(located[n]) if n in located else costs[n])
        if it.earlier:
            # found by its second concept, its destination: in the sentence, or in the code block
            # the sentence introduces with a colon (then the sentence is the one ending in it)
            order.remove(it.concepts[1])
            order.insert(0, it.concepts[1])
        if it.earlier and any(first_in(name, 0, len(text)) is None for name in it.earlier):
            continue  # what it would send on is nowhere in the file
        trig = order[0]
        ms = located.get(trig)
        if ms is None:
            ms = located[trig] = locate(trig)
        pairs = [(m, m.start(), m.end()) for m in ms]
        if it.earlier and raw is not None:
            pairs += _introduced(text, raw, trig, search_raw, lambda lo, hi: search(it.concepts[0], lo, hi))
        w = it.window
        for m, pos, pos_end in pairs:
            ls = text.rfind("\n", 0, pos) + 1
            near = pos - ls < SPAN * 4  # the whole line start is within reach: cache by line
            got_line = lines.get(ls) if near else None
            if got_line is None:
                got_line = _sentences(text, pos, SPAN * 4)
                if near:
                    lines[ls] = got_line
            starts, end = got_line
            i = bisect_right(starts, pos) - 1
            for first in range(max(0, i - w + 1), i + 1):
                last = min(first + w - 1, len(starts) - 1)
                left -= 1
                if left < 0:
                    return [h for _, h in sorted(out, key=lambda x: x[0])], True
                lo = max(starts[first], pos - SPAN)
                hi = min(starts[last + 1] if last + 1 < len(starts) else end, pos_end + SPAN)
                got = {trig: m}
                for name in order:
                    if name in got:
                        continue
                    if name in located or (costs[name] <= LOCATE_BELOW and not it.earlier):
                        # a rare concept: all its matches once per file, then a bisect per window (an
                        # intent with earlier steps has few windows, its destination's: searched in each)
                        r = first_in(name, lo, hi)
                    else:
                        key = (name, lo, hi)
                        r = seen.get(key, seen)
                        if r is seen:
                            r = seen[key] = search(name, lo, hi)
                    if r is None:
                        break
                    got[name] = r
                else:
                    if it.earlier:
                        back = _earlier(text, starts[first], hi, it.earlier, search, got.get("backref"), first_in)
                        if back is None:
                            continue
                        got.update(back)
                    out.append((index, Hit(rule, it, tuple(got[n] for n in it.concepts), (lo, hi))))
                    break
    return [h for _, h in sorted(out, key=lambda x: x[0])], False
