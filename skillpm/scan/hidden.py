"""Hidden text: invisible Unicode, HTML comments, homoglyphs, padding and blobs.

Everything here is linear in the input: regexes start only at the beginning of a
run (look-behind guards) and never nest unbounded quantifiers.
"""

from __future__ import annotations

import base64
import binascii
from bisect import bisect_left
from itertools import chain
import re
import unicodedata
import zlib

# Characters that render as nothing (or reorder text) but that a model still reads.
INVISIBLE_CLASS = (
    "\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
    "\u2060-\u2064\u2066-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0"
    "\U0001d173-\U0001d17a\U000e0000-\U000e007f\U000e0100-\U000e01ef"
)
INVISIBLE_RE = re.compile(f"[{INVISIBLE_CLASS}]+")
RTL_RE = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]")
LTR_LETTER_RE = re.compile("[^\\W\\d_\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]")  # a letter of any other script
HANGUL_RE = re.compile("[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]")
BIDI = set(range(0x202A, 0x202F)) | set(range(0x2066, 0x206A))
MARKS = {0x200E, 0x200F, 0x061C}
ZERO_WIDTH = {0x200B, 0x200C, 0x200D, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0x180E, 0x034F, 0x17B4, 0x17B5,
              0xFEFF, 0x206A, 0x206B, 0x206C, 0x206D, 0x206E, 0x206F} | set(range(0x1D173, 0x1D17B))
FILLERS = {0x115F, 0x1160, 0x3164, 0xFFA0}


def visible(s: str) -> str:
    """``s`` with every invisible character written as ``<U+XXXX>`` (long runs shortened)."""
    if s.isascii():
        return s

    def show(m: re.Match) -> str:
        run = m.group(0)
        if len(run) <= 6:
            return "".join(f"<U+{ord(c):04X}>" for c in run)
        return "".join(f"<U+{ord(c):04X}>" for c in run[:2]) + f"<…{len(run) - 2} more invisible characters>"

    return INVISIBLE_RE.sub(show, s)


def _utf8_alternation(seqs: list[bytes]) -> bytes:
    """A bytes regex matching exactly the given UTF-8 sequences, as a trie (one branch per lead byte)."""
    by: dict[bytes, list[bytes]] = {}
    for q in seqs:
        by.setdefault(q[:1], []).append(q[1:])
    alts = []
    for head in sorted(by):
        rest = by[head]
        if rest == [b""]:
            alts.append(re.escape(head))
        elif all(len(r) == 1 for r in rest):
            alts.append(re.escape(head) + b"[" + b"".join(re.escape(r) for r in rest) + b"]")
        else:
            alts.append(re.escape(head) + b"(?:" + _utf8_alternation(rest) + b")")
    return b"|".join(alts)


def _class_chars(cls: str) -> list[str]:
    out, i = [], 0
    while i < len(cls):
        if i + 2 < len(cls) and cls[i + 1] == "-":
            out += [chr(c) for c in range(ord(cls[i]), ord(cls[i + 2]) + 1)]
            i += 3
        else:
            out.append(cls[i])
            i += 1
    return out


# The same characters found in the text's UTF-8 bytes with its ASCII bytes deleted (all in C):
# what is left is whole multi-byte characters, a fraction of the text, where a byte pattern
# whose branches start at lead bytes finds exactly the characters INVISIBLE_RE finds.
INVISIBLE_BYTES_RE = re.compile(_utf8_alternation(sorted(c.encode("utf-8") for c in _class_chars(INVISIBLE_CLASS))))
_ASCII_BYTES = bytes(range(128))


def has_invisible(s: str) -> bool:
    return INVISIBLE_BYTES_RE.search(s.encode("utf-8", "surrogatepass").translate(None, _ASCII_BYTES)) is not None


def strip_invisible(s: str) -> str:
    if s.isascii() or not has_invisible(s):  # most non-ASCII text (dashes, quotes, emoji) has none
        return s
    return INVISIBLE_RE.sub("", s)


def _is_pictographic(c: str) -> bool:
    cp = ord(c)
    return (0x1F000 <= cp <= 0x1FAFF or 0x2600 <= cp <= 0x27BF or 0x2B00 <= cp <= 0x2BFF
            or 0x2190 <= cp <= 0x21FF or 0x2300 <= cp <= 0x23FF or cp in (0x00A9, 0x00AE, 0x203C, 0x2049, 0x2122))


def _is_script_letter(c: str) -> bool:
    """A letter of a script that uses ZWJ/ZWNJ in ordinary spelling (Arabic, Indic, …)."""
    return 0x0590 <= ord(c) <= 0x1CFF and c.isalpha() or unicodedata.category(c).startswith("M")


def decode_tags(run: str) -> str:
    return "".join(chr(ord(c) - 0xE0000) for c in run if 0xE0020 <= ord(c) <= 0xE007E)


def decode_variation_selectors(run: str) -> str | None:
    """Bytes smuggled as variation selectors (VS1–VS256 ↔ 0–255), if they spell text."""
    out = bytearray()
    for c in run:
        cp = ord(c)
        if 0xFE00 <= cp <= 0xFE0F:
            out.append(cp - 0xFE00)
        elif 0xE0100 <= cp <= 0xE01EF:
            out.append(cp - 0xE0100 + 16)
        else:
            return None
    try:
        text = out.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return text if text and sum(ch.isprintable() for ch in text) >= 0.9 * len(text) else None


# A subdivision flag (England, Scotland, Texas…) is U+1F3F4, then its CLDR subdivision id in Tag
# characters (a two-letter region and a 1–4 character suffix, lowercase letters and digits: "gbsct",
# "usca"), then CANCEL TAG. Only that shape is an emoji; any other tag run spells hidden text.
FLAG_TAGS_RE = re.compile("[\U000e0061-\U000e007a]{2}[\U000e0030-\U000e0039\U000e0061-\U000e007a]{1,4}\U000e007f")
# Overrides and isolates: the controls that reorder code (Trojan Source), unlike embeddings.
BIDI_REORDER = {0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069}
BIDI_REACH = 40  # characters looked at on each side of a bidi control for its nearest letter


def _is_rtl_letter(c: str) -> bool:
    return c.isalpha() and RTL_RE.match(c) is not None


def _neighbour_letter(text: str, i: int, step: int, lo: int, hi: int) -> str:
    """The nearest letter from ``i`` in direction ``step`` within [lo, hi), skipping spaces, digits,
    punctuation, marks and invisible characters ("" when there is none within reach)."""
    for _ in range(BIDI_REACH):
        if not lo <= i < hi:
            break
        if text[i].isalpha():
            return text[i]
        i += step
    return ""


def _mostly_rtl(line: str) -> bool:
    """At least as many right-to-left letters (Hebrew, Arabic…) on the line as letters of other scripts."""
    rtl = len(RTL_RE.findall(line))
    return rtl > 0 and rtl >= len(LTR_LETTER_RE.findall(line))


ISOLATES = {0x2066, 0x2067, 0x2068, 0x2069}
# An embedding or isolate and the control that closes it (overrides are left out: LRO reverses
# even right-to-left letters).
BIDI_CLOSER = {"\u202a": "\u202c", "\u202b": "\u202c", "\u2066": "\u2069", "\u2067": "\u2069", "\u2068": "\u2069"}
BIDI_ANY_RE = re.compile("[\u202a-\u202e\u2066-\u2069]")
MAX_STRING = 400  # a quoted string longer than this is not weighed as one translation


def _wraps_rtl_word(text: str, i: int, line_end: int) -> int | None:
    """Where the control that closes the embedding or isolate at ``i`` is, when what they enclose
    is right-to-left words only (``Status: <RLE>פעיל<PDF>``, ``<FSI>דוד<PDI> commented``): the pair
    marks the direction of a Hebrew or Arabic word inside other text and reorders nothing else."""
    closer = BIDI_CLOSER.get(text[i])
    if closer is None:
        return None
    j = text.find(closer, i + 1, min(line_end, i + 1 + MAX_STRING))
    if j < 0:
        return None
    inner = text[i + 1:j]
    if BIDI_ANY_RE.search(inner):
        return None
    letters = [c for c in inner if c.isalpha()]
    return j if letters and all(RTL_RE.match(c) for c in letters) else None


def _closes_empty_ltr_isolate(text: str, i: int, line_end: int) -> int | None:
    """Where the PDI closing the left-to-right or first-strong isolate at ``i`` is, when what it encloses
    holds no letter and no other bidi control, and no letter touches the pair from outside (``(`<FSI>…<PDI>`)``,
    a placeholder's isolation shown in a checklist): with no strong letter inside, the isolate is laid out
    left to right, so nothing in it is mirrored or moved, and nothing outside it is. An RLI is left out (it
    mirrors `<` into `>`), and so is a pair inside a word (``produ<LRI><PDI>ction`` breaks a comparison)."""
    if text[i] not in "\u2066\u2068" or (i and text[i - 1].isalpha()):
        return None
    j = text.find("\u2069", i + 1, min(line_end, i + 1 + MAX_STRING))
    if j < 0 or j + 1 < len(text) and text[j + 1].isalpha():
        return None
    inner = text[i + 1:j]
    return None if BIDI_ANY_RE.search(inner) or any(c.isalpha() for c in inner) else j


# isolates that open and close in order (not nested) and nothing that embeds or overrides
BALANCED_ISOLATES_RE = re.compile("[^\u2066-\u2069\u202a-\u202e]*(?:[\u2066-\u2068][^\u2066-\u2069\u202a-\u202e]*"
                                  "\u2069[^\u2066-\u2069\u202a-\u202e]*)*")
ISOLATED_SPAN_RE = re.compile("[\u2066-\u2068][^\u2069]*\u2069")


class _Strings:
    """The quoted strings (or code spans) of one line, found on first use: is a position inside a right-to-left
    string whose isolates are balanced (``"المجموع: <FSI>{amount}<PDI>"``, the way translations
    keep a placeholder's direction apart)? An isolate closed inside its string reorders nothing
    outside it; what sits outside the isolates must be mostly right-to-left letters."""

    def __init__(self, line: str):
        self.line = line
        # a Markdown code span or a template literal (`…`) is a string too: a translation shown in a table
        self.quotes = {q: [i for i, c in enumerate(line) if c == q] for q in "\"'`" if q in line}
        self.seen: dict[tuple[int, int], bool] = {}

    def rtl_isolated(self, i: int) -> bool:
        for pos in self.quotes.values():
            k = bisect_left(pos, i)
            if k % 2 == 0 or k >= len(pos):
                continue  # not inside a string of this quote
            lo, hi = pos[k - 1] + 1, pos[k]
            if hi - lo > MAX_STRING:
                return False
            if (lo, hi) not in self.seen:
                s = self.line[lo:hi]
                self.seen[(lo, hi)] = BALANCED_ISOLATES_RE.fullmatch(s) is not None \
                    and _mostly_rtl(ISOLATED_SPAN_RE.sub("", s))
            return self.seen[(lo, hi)]
        return False


def invisible_runs(text: str, in_code=None):
    """Yield (offset, run, severity, note, decoded) for each suspicious run of invisible characters.

    Benign uses are skipped: a BOM at the start, emoji ZWJ sequences and presentation
    selectors, subdivision flag tag sequences, joiners inside Arabic or Indic words, bidi
    controls inside right-to-left text. ``in_code(offset)`` tells whether an offset is in code
    (a fence or a script), where a bidi override next to Latin text stays high.
    """
    zw_total = 0
    pending: list = []
    line_start, line_end, rtl, mostly_rtl = 0, -1, False, False  # the current run's line, weighed once per line
    strings = None  # the line's quoted strings (_Strings), read when an isolate would be high
    wrapped = set()  # closers of pairs that wrap right-to-left words (_wraps_rtl_word)
    for m in INVISIBLE_RE.finditer(text):
        run, start = m.group(0), m.start()
        prev = text[start - 1] if start else ""
        nxt = text[m.end()] if m.end() < len(text) else ""
        cps = [ord(c) for c in run]
        if start == 0 and run == "\ufeff":
            continue
        tags = [c for c in cps if 0xE0000 <= c <= 0xE007F]
        if tags:
            if prev == "\U0001F3F4" and FLAG_TAGS_RE.fullmatch(run):
                continue  # subdivision flag, e.g. Scotland
            decoded = decode_tags(run)
            yield start, run, "high", "Unicode Tag characters spell hidden text", decoded or None
            continue
        if all(0xFE00 <= c <= 0xFE0F or 0xE0100 <= c <= 0xE01EF for c in cps):
            if len(cps) <= 2 and all(0xFE00 <= c <= 0xFE0F for c in cps):
                continue  # emoji presentation / standardized variants
            decoded = decode_variation_selectors(run)
            if decoded:
                yield start, run, "high", "variation selectors encode hidden bytes", decoded
            elif len(cps) > 3:
                yield start, run, "medium", "a long run of variation selectors", None
            continue
        if all(c in (0x200D, 0xFE0F, 0xFE0E) for c in cps) and (_is_pictographic(prev) or prev in "\ufe0f\u20e3" or
                                                                  _is_pictographic(nxt) or 0x1F3FB <= ord(prev or " ") <= 0x1F3FF):
            continue  # emoji ZWJ sequence
        if all(c in (0x200C, 0x200D) for c in cps) and (_is_script_letter(prev) or _is_script_letter(nxt)):
            continue  # ZWJ/ZWNJ inside Arabic, Persian, Indic words
        if start > line_end:  # a new line: runs come in order, so each stretch of text is searched once
            line_start = text.rfind("\n", max(line_end, 0), start) + 1
            line_end = text.find("\n", start)
            line_end = line_end if line_end >= 0 else len(text)
            line = text[line_start:line_end]
            rtl = bool(RTL_RE.search(line))
            mostly_rtl = rtl and _mostly_rtl(line)
            strings = None
        if any(c in BIDI for c in cps):
            # Lowered only inside genuinely right-to-left text: the line is mostly RTL and the control
            # touches an RTL word. In code, an override or isolate next to Latin text reorders code.
            sev = "high"
            if start in wrapped:
                sev = "low"
            elif len(run) == 1 and rtl:
                j = _wraps_rtl_word(text, start, line_end)
                if j is not None:
                    wrapped.add(j)
                    sev = "low"
            if sev == "high" and len(run) == 1:
                j = _closes_empty_ltr_isolate(text, start, line_end)
                if j is not None:
                    wrapped.add(j)
                    sev = "low"
            if sev == "high" and mostly_rtl:
                before = _neighbour_letter(text, start - 1, -1, line_start, line_end)
                after = _neighbour_letter(text, m.end(), 1, line_start, line_end)
                rtl_before, rtl_after = _is_rtl_letter(before), _is_rtl_letter(after)
                if any(c in BIDI_REORDER for c in cps) and in_code is not None and in_code(start):
                    sev = "low" if rtl_before and rtl_after else "high"
                elif rtl_before or rtl_after:
                    sev = "low"
            if sev == "high" and rtl and all(c in ISOLATES or c in MARKS for c in cps):
                # a key and its translation on one line ("order_total": "…"): weigh the string, not the line;
                # a mark beside an isolate (PDI then RLM, as W3C advises after a number) sets a direction, reorders nothing
                if strings is None:
                    strings = _Strings(text[line_start:line_end])
                if strings.rtl_isolated(start - line_start):
                    sev = "low"
            yield start, run, sev, "bidirectional control characters reorder the text", None
            continue
        if all(c in MARKS for c in cps):
            if not rtl:
                yield start, run, "low", "a left-to-right/right-to-left mark", None
            continue
        if all(c == 0xAD for c in cps):
            if len(cps) > 2:
                yield start, run, "low", "soft hyphens", None
            continue
        if any(c in FILLERS for c in cps):
            if not HANGUL_RE.search(text, line_start, line_end):
                yield start, run, "high", "Hangul filler characters used as invisible text", None
            continue
        zw_total += sum(1 for c in cps if c in ZERO_WIDTH)
        inside_word = prev.isascii() and prev.isalpha() and nxt.isascii() and nxt.isalpha()
        pending.append((start, run, 2 if inside_word else len(cps)))  # inside a word: it breaks the word on purpose
    # Zero-width characters: a stray one is a copy-paste accident; many of them hide or break words. A run
    # of two or three outside any word, with no more in the file, breaks no word and is too short to spell
    # anything (AI-generated text pasted as a sample: "…to the Afghan population​​.")
    many = zw_total >= 4
    for start, run, n in pending:
        sev = "high" if many or n >= 2 and run_breaks_word(text, start, run) else "low"
        yield start, run, sev, "zero-width characters", None


def run_breaks_word(text: str, start: int, run: str) -> bool:
    """Whether a run of invisible characters at ``start`` sits inside a word: a letter or digit on each side."""
    prev = text[start - 1] if start else " "
    end = start + len(run)
    nxt = text[end] if end < len(text) else " "
    return prev.isalnum() and nxt.isalnum()


# ---------------------------------------------------------------- comments
# A comment that starts like a tool marker or an author's note. Each prefix is a whole word
# ("Table…" is not "tab", "Keeping…" not "keep"); the prefix alone never makes a comment benign:
# see _benign_note, which weighs the rest of it.
COMMENT_BENIGN = re.compile(
    r"^\s*(?:markdownlint|prettier|toc|/toc|end ?toc|omit in toc|doctoc|start doctoc|end doctoc|eslint|vale|cspell|"
    r"spell-?checker|textlint|lint|region|endregion|more|truncate|break|todo|fixme|copyright|\(c\)|licen[cs](?:e|ed|ing)?|spdx|"
    r"@generated|generated by|auto-?generated|do not edit|begin|end|#|prettier-ignore|alex|include|insert|snippet|"
    r"keep|image|badges?|start|stop|section|tabs?|mdformat|remark|e\.g\.|example|for example|placeholder|"
    r"replace|fill in|describe|list|add your|optional|template|instructions? for (?:the )?(?:user|human|author))"
    r"(?:(?<=[#.)])|(?!\w))",
    re.IGNORECASE)
COMMENT_TO_AGENT = re.compile(
    r"^\W*(?:system|assistant|ai|agent|llm|claude|gpt|chatgpt|copilot|codex|gemini|cursor|model|admin|developer|"
    r"note (?:to|for) (?:the )?(?:ai|agents?|llms?|assistants?|claude|models?)|(?:ai|llm) (?:agents?|assistants?|models?)"
    r"(?: reading this)?|if you are an? (?:ai|llm|agent|assistant|language model))\b\s*[:,\-—]", re.IGNORECASE)
# The agent addressed anywhere in a comment ("TODO for AI agents: …", "… if you are an AI, …").
COMMENT_ADDRESS = re.compile(
    r"\b(?:ai|llm)s? (?:agents?|assistants?|models?)\b|\bif you are an? (?:ai|llm|agent|assistant|language model)\b|"
    r"\b(?:to|for) (?:the |any |all )?(?:ai|llms?|agents?|assistants?|claude|chatgpt|copilot|codex|gemini)\s*[:,\-—]",
    re.IGNORECASE)
# Orders no author's note gives: override, concealment, commands that fetch or pipe into a shell,
# sending data out.
COMMENT_STRONG_CORE = re.compile(
    r"\b(?:ignore|disregard|forget)\s+(?:all|any|the|previous|prior|above|your|earlier)\b|\bdo not (?:tell|reveal)\b|"
    r"\bdon't (?:tell|reveal)\b|\bsecretly\b|"
    r"\b(?:curl|wget|iwr|irm)\s+-?\S+|\bgrant\b[^\n]{0,30}\b(?:access|permissions?)\b|\bexfiltrat|"
    r"\b(?:send|upload|post)\b[^\n]{0,40}\bto\s+https?://|\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b|"
    r"\b(?:you|the assistant|the agent|the ai|the model)\s+(?:must|should|will|shall|are to)\s+(?:now\s+)?"
    r"(?:ignore|run|execute|send|upload|delete|obey|always|never(?!\s+(?:violate|breach|bypass|cross|disobey)\b)|not tell)", re.IGNORECASE)
# Not an order by itself ("keys live in ~/.ssh"), but no TODO or tool marker names credentials or decodes.
COMMENT_RISKY = re.compile(r"~/\.(?:ssh|aws|gnupg|kube|docker|netrc)\b|\bbase64\s+-{1,2}d", re.IGNORECASE)
# Weaker: in an example or template comment ("e.g., read files without asking") these are notes.
COMMENT_STRONG = re.compile(
    COMMENT_STRONG_CORE.pattern + r"|\bdo not (?:mention|show)\b|\bdon't (?:mention|show)\b|"
    r"\bwithout (?:telling|asking|informing)\b", re.IGNORECASE)
# What may follow a benign first word before the agent is named: "TODO for AI agents:", "Note to the AI:".
COMMENT_LEAD_RE = re.compile(r"\W*(?:(?:(?:note|message|instructions?)\s+)?(?:to|for)\s+(?:the\s+|any\s+|all\s+)?)?")
# Markdown link-reference "comments": a definition whose target is "#" or "<>" is never shown and
# points nowhere, whatever its label ([//], [comment], [agent-note]…); a real reference
# ([1]: https://example.com "Title") is a link, not a comment. A few labels are read as comments
# without a target, as before. The title may run over a few lines (CommonMark: any but a blank one;
# it ends at the first line that closes it, and a line starting another definition is none of it).
MD_COMMENT_RE = re.compile(
    r"^ {0,3}\[(?:(?://|comment|_comment|hidden)\]:[ \t]*(?:#|<#?>)?|(?!\^)[^\]\n]{1,200}\]:[ \t]*(?:#|<#?>))"
    r"[ \t]*[(\"'](?P<c>[^\n]{0,2000}(?:\n(?![ \t]*\n| {0,3}\[[^\]\n]{1,200}\]:)[^\n]{0,2000}){0,5}?)[)\"'][ \t\r]*$",
    re.IGNORECASE | re.MULTILINE)

# An HTML element a page never shows, by its own attribute (`<div hidden>`, `style="display:none"`,
# `visibility:hidden`, a zero font size): read as a comment is, its text hidden from the reader.
HIDDEN_ELEMENT_RE = re.compile(
    r"<(div|span|p|section|aside|article|small|font|em|b|i|td|li|ul|ol|blockquote|pre|code|template)\b"
    r"[^<>]{0,300}?(?:\bhidden\b|display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?![.\d]*[1-9]))"
    r"[^<>]{0,300}>(?P<c>[^<]{0,4000}(?:<(?!/\1\s*>)[^<]{0,4000}){0,20})</\1\s*>", re.IGNORECASE)
HIDDEN_ELEMENT_WORDS = ("hidden", "none", "font-size")


def _comment_parts(text: str):
    """Yield (start, end, content start, content end) of each HTML comment, Markdown
    link-label comment and HTML element hidden by its attribute (at most 10,000 HTML comments)."""
    pos = 0
    n = 0
    while n < 10_000:
        i = text.find("<!--", pos)
        if i < 0:
            break
        j = text.find("-->", i + 4)
        close = j if j >= 0 else len(text)
        end = j + 3 if j >= 0 else len(text)
        yield i, end, i + 4, close
        pos = end
        n += 1
    if "]:" in text:
        for m in MD_COMMENT_RE.finditer(text):
            yield m.start(), m.end(), m.start("c"), m.end("c")
    if may_hide_elements(text):
        for m in HIDDEN_ELEMENT_RE.finditer(text):
            yield m.start(), m.end(), m.start("c"), m.end("c")


def may_hide_elements(text: str) -> bool:
    """Whether ``text`` may hold an HTML element hidden by its attribute (a cheap test first)."""
    return "</" in text and any(w in text for w in HIDDEN_ELEMENT_WORDS)  # (every element found is closed)


def may_hold_comments(text: str) -> bool:
    """Whether ``text`` may hold anything ``_comment_parts`` yields (substring tests only)."""
    return "<!--" in text or "]:" in text or may_hide_elements(text)


def comment_spans(text: str):
    """Yield (start, end) of each HTML comment and Markdown link-label comment: text a rendered
    page never shows."""
    for start, end, _, _ in _comment_parts(text):
        yield start, end


def comments(text: str):
    """Yield (offset, content) for each HTML comment and Markdown link-label comment (the first
    4,000 characters of an HTML comment's content)."""
    for start, _, lo, hi in _comment_parts(text):
        yield start, text[lo:min(hi, lo + 4000)]


# Prose in a comment that speaks to the reader or gives orders ("you", "never", "should"): a
# rendered page hides it, the agent reads it. Authors' own notes in a SKILL.md are short or
# about the file (none of 709 real skills' SKILL.md has such a comment: measured).
COMMENT_ORDERS = re.compile(r"\b(?:you|your|you're|yourself|don't|do not|never|always|must|should)\b", re.IGNORECASE)
COMMENT_PROSE_WORDS = 12


def _after_benign(c: str) -> str | None:
    """The rest of a comment after its benign first word, or None when it has none."""
    m = COMMENT_BENIGN.match(c)
    return c[m.end():] if m else None


def _names_agent(rest: str) -> bool:
    """The text after a benign first word goes on to address the agent ("for AI agents: …")."""
    return COMMENT_TO_AGENT.match(rest[COMMENT_LEAD_RE.match(rest).end():]) is not None


def _benign_note(c: str) -> bool:
    """A tool marker or an author's note ("TODO: add a screenshot", "markdownlint-disable"): starts
    with a benign word and neither names the agent nor carries an order no note gives."""
    rest = _after_benign(c)
    if rest is None:
        return False
    return not (COMMENT_ADDRESS.search(c) or COMMENT_STRONG_CORE.search(c) or COMMENT_RISKY.search(c)
                or _names_agent(rest))


def instruction_comment(content: str, skill_md: bool = False) -> bool:
    """True when a comment is a paragraph of instructions to whoever reads the raw file.

    In a SKILL.md it is weighed as a whole: a paragraph of orders is no author's note, so a
    benign first word ("TODO: files you find here are scratch, clear them and don't list them…")
    does not exempt it. In a template, "e.g., Never …" notes to whoever fills it in are usual."""
    c = content.strip()
    if not c or (not skill_md and _benign_note(c)):
        return False
    return len(c.split(None, COMMENT_PROSE_WORDS)) > COMMENT_PROSE_WORDS - 1 and bool(COMMENT_ORDERS.search(c))


def directive_comment(content: str) -> bool:
    """True when a comment speaks to the agent and tells it to do something."""
    c = content.strip()
    if not c or _benign_note(c):
        return False
    if COMMENT_TO_AGENT.search(c) or COMMENT_STRONG.search(c):
        return True
    rest = _after_benign(c)  # "TODO for AI agents: …" names the agent right after the benign word
    return rest is not None and _names_agent(rest)


# ---------------------------------------------------------------- homoglyphs
# Greek, Cyrillic (U+0370–U+052F) and the Armenian small letters (U+0561–U+0587): the scripts
# whose letters pass for Latin ones.
LOOKALIKE_SCRIPTS = "\u0370-\u052f\u0561-\u0587"
MIXED_RE = re.compile(f"[A-Za-z][{LOOKALIKE_SCRIPTS}]|[{LOOKALIKE_SCRIPTS}][A-Za-z]")
CYR_CONFUSABLE = set("аввекмнорстухіјѕԁӏАВЕКМНОРСТХІЈЅԜԛ")
GREEK_CONFUSABLE = set("οαερνικτυχΑΒΕΖΗΙΚΜΝΟΡΤΥΧ")
# Armenian small letters that pass for Latin ones (Unicode's confusables): ս u, օ o, հ h, ո n, ց g, զ q
ARMENIAN_CONFUSABLE = set("սօհոցզ")


GREEK_CYRILLIC_RE = re.compile(f"[{LOOKALIKE_SCRIPTS}]")  # and the Armenian small letters
# The same in UTF-8 (U+0370–U+037F, U+0380–U+04FF, U+0500–U+052F), and Armenian small letters
# (U+0561–U+0587), over the non-ASCII bytes only.
GREEK_CYRILLIC_BYTES_RE = re.compile(rb"\xcd[\xb0-\xbf]|[\xce-\xd3][\x80-\xbf]|\xd4[\x80-\xaf]|\xd5[\xa1-\xbf]|\xd6[\x80-\x87]")


def homoglyph_tokens(text: str):
    """Yield (offset, token) for identifiers that mix Latin with look-alike Cyrillic or Greek letters."""
    if text.isascii():
        return
    if not GREEK_CYRILLIC_BYTES_RE.search(text.encode("utf-8", "surrogatepass").translate(None, _ASCII_BYTES)):
        return  # most non-ASCII text (dashes, arrows, emoji) has neither script: one quick pass in C
    last_end = -1
    for m in MIXED_RE.finditer(text):
        if m.start() < last_end:
            continue
        s = m.start()
        while s > 0 and (text[s - 1].isalnum() or text[s - 1] in "-_.") and m.start() - s < 80:
            s -= 1
        e = m.end()
        while e < len(text) and (text[e].isalnum() or text[e] in "-_.") and e - m.end() < 80:
            e += 1
        last_end = e
        tok = text[s:e]
        latin = sum(1 for c in tok if "a" <= c.lower() <= "z")
        cyr = [c for c in tok if "\u0400" <= c <= "\u052f"]
        greek = [c for c in tok if "\u0370" <= c <= "\u03ff"]
        arm = [c for c in tok if "\u0561" <= c <= "\u0587"]
        if latin < 2:
            continue
        if cyr and any(c in CYR_CONFUSABLE for c in cyr) and len(cyr) < latin * 2:
            yield s, tok
        elif arm and not cyr and not greek and all(c in ARMENIAN_CONFUSABLE for c in arm) and len(arm) * 2 < latin:
            yield s, tok  # a Latin word with one or two Armenian look-alikes (githսb); Armenian prose has no Latin in its words
        elif greek and not cyr and len(tok) >= 4 and latin >= 3 and all(c in GREEK_CONFUSABLE for c in greek):
            yield s, tok


# Each look-alike letter and the Latin letter it passes for (Unicode's confusables, the letters
# CYR_CONFUSABLE and GREEK_CONFUSABLE name): a mixed-script word read as the word it imitates.
_LOOKALIKE_FROM = "аевкмнорстухіјѕԁӏАВЕКМНОРСТХІЈЅԜԛοαερνικτυχΑΒΕΖΗΙΚΜΝΟΡΤΥΧսօհոցզ"
_LOOKALIKE_TO = "aebkmhopctyxijsdlABEKMHOPCTXIJSWqoaepviktuxABEZHIKMNOPTYXuohngq"
LOOKALIKE_TABLE = str.maketrans(_LOOKALIKE_FROM, _LOOKALIKE_TO)
assert len(_LOOKALIKE_FROM) == len(_LOOKALIKE_TO)


# A word of Latin and look-alike letters only, one of them a look-alike: on a line that already
# holds a mixed-script word, a short one (оn, tо, nо, а) is part of the same disguise, though too
# short for homoglyph_tokens to call it mixed on its own.
LOOKALIKE_WORD_RE = re.compile(f"(?<![^\\W_])[A-Za-z{_LOOKALIKE_FROM}]*[{_LOOKALIKE_FROM}][A-Za-z{_LOOKALIKE_FROM}]*(?![^\\W_])")


def _short_lookalikes(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``spans`` and the look-alike words beside them on their lines (LOOKALIKE_WORD_RE), in order."""
    out, done = set(spans), -1
    for lo, _ in spans:
        if lo < done:
            continue
        start = text.rfind("\n", 0, lo) + 1
        done = text.find("\n", lo) % (len(text) + 1)
        out.update(m.span() for m in LOOKALIKE_WORD_RE.finditer(text, start, done))
    merged: list[tuple[int, int]] = []
    for lo, hi in sorted(out):  # a word found both ways (`rulеs.` and `rulеs`) is one span
        if merged and lo < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(hi, merged[-1][1]))
        else:
            merged.append((lo, hi))
    return merged


def skeleton(text: str) -> tuple[str, list[tuple[int, int]]]:
    """``text`` with every mixed-script word (homoglyph_tokens) written in the Latin letters it
    imitates, same length, and the (start, end) of each such word. Other text is left as it is:
    prose of another script is no look-alike."""
    spans = [(off, off + len(tok)) for off, tok in homoglyph_tokens(text)]
    if not spans:
        return text, []
    spans = _short_lookalikes(text, spans)
    out, pos = [], 0
    for lo, hi in spans:
        out += [text[pos:lo], text[lo:hi].translate(LOOKALIKE_TABLE)]
        pos = hi
    out.append(text[pos:])
    return "".join(out), spans


# ---------------------------------------------------------------- padding and blobs
BLANK_RUN_RE = re.compile(r"\n(?:[ \t\u00a0]*\n){40,}")
SPACE_RUN_RE = re.compile(r"(?<![ \t])[ \t]{300,}(?=\S)")
B64_RE = re.compile(r"(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/]{24,}={0,2}(?![A-Za-z0-9+/=_-])")
HEX_RE = re.compile(r"(?<![0-9A-Fa-f])[0-9A-Fa-f]{200,}(?![0-9A-Fa-f])")
# (a data: URL of an image or font is a picture; one of code (text/javascript, …/x-python, x-sh) is a program)
BLOB_OK_CONTEXT = re.compile(r"(?<!javascript;)(?<!ecmascript;)(?<!python;)(?<!x-sh;)(?<!shellscript;)(?<!typescript;)"
                             r"base64,(?![ \t])|integrity|sha\d{3}-|sha1-|\bsri\b|\.(?:png|jpg|jpeg|gif|svg|woff2?|ttf|ico)\b",
                             re.IGNORECASE)


def printable_text(b: bytes) -> str | None:
    if len(b) >= 16 and b[1] == 0 and b[3] == 0 and b[5] == 0 and b[7] == 0:
        b = _utf16_text(b)
    try:
        s = b.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if len(s) < 8:
        return None
    good = len(s) if s.isprintable() else sum(1 for c in s if c.isprintable() or c in "\n\t\r")
    return s if good >= 0.9 * len(s) and " " in s.strip() or (good == len(s) and "/" in s and "." in s) else None


def _utf16_text(b: bytes) -> bytes:
    """UTF-16LE text (what PowerShell's -EncodedCommand and .NET's Encoding.Unicode take: every other byte
    zero) as UTF-8, so that it is read as the text it is; bytes that are not such text are returned as they were."""
    try:
        return b[: len(b) // 2 * 2].decode("utf-16-le").encode("utf-8")
    except UnicodeError:
        return b


def decode_b64(token: str) -> bytes | None:
    t = token[:200_000]
    try:
        return base64.b64decode(t + "=" * (-len(t.rstrip("=")) % 4), validate=False)
    except (binascii.Error, ValueError):
        return None


def decode_b64_strict(token: str | bytes, urlsafe: bool = False) -> bytes | None:
    """``token`` decoded as base64, its missing padding added, or None when it is not base64: strict, unlike
    ``decode_b64`` (a character outside the alphabet, or padding in excess, is no base64); ``urlsafe`` reads
    ``-``/``_`` as ``+``/``/`` (after the padding is added)."""
    t = token + ("=" if isinstance(token, str) else b"=") * (-len(token) % 4)
    if urlsafe:
        t = t.replace("-", "+").replace("_", "/")
    try:
        return base64.b64decode(t, validate=True)
    except ValueError:  # (binascii.Error is a ValueError)
        return None


INFLATED_MAX = 256 * 1024  # what a compressed blob may inflate to before the rest is left unread


def inflated(raw: bytes) -> bytes:
    """``raw`` inflated when it is gzip or zlib data (a payload shipped compressed, then base64:
    ``H4sI…`` is gzip, ``eJ…`` zlib), at most INFLATED_MAX bytes of it; else ``raw`` itself."""
    if raw[:2] == b"\x1f\x8b":
        wbits = 31
    elif len(raw) > 2 and raw[0] == 0x78 and raw[1] in (0x01, 0x5E, 0x9C, 0xDA):
        wbits = 15
    else:
        return raw_inflated(raw)
    try:
        return zlib.decompressobj(wbits).decompress(raw, INFLATED_MAX)
    except zlib.error:
        return raw


def raw_inflated(raw: bytes) -> bytes:
    """``raw`` inflated when it is raw deflate data with no header (PHP's ``gzinflate``, Python's
    ``zlib.decompress(b, -15)``, Node's ``inflateRawSync``): tried only on bytes that are not ASCII
    (text is never deflate data worth reading), kept only when the stream ends cleanly; else ``raw``."""
    if len(raw) < 8 or raw.isascii():
        return raw
    d = zlib.decompressobj(-15)
    try:
        out = d.decompress(raw, INFLATED_MAX)
    except zlib.error:
        return raw
    return out if out and (d.eof or len(out) >= INFLATED_MAX) else raw


_B64_CHARS = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
_HEX_CHARS = frozenset(b"0123456789abcdefABCDEF")
B64_TABLE = bytes.maketrans(bytes(range(256)), bytes(0x61 if c in _B64_CHARS else 0x20 for c in range(256)))
HEX_TABLE = bytes.maketrans(bytes(range(256)), bytes(0x61 if c in _HEX_CHARS else 0x20 for c in range(256)))


def _runs(text: str, table: bytes, n: int, pad: int = 4) -> list[tuple[int, int]]:
    """Spans of ``text`` holding runs of at least ``n`` ASCII characters of a class.

    ``bytes.translate`` marks the class and a substring search finds the long runs: both in C,
    so a file without a blob costs a few passes at memory speed instead of a regex pass."""
    data = text.encode("utf-8", "surrogatepass")
    marked = data.translate(table)
    needle = b"a" * n
    same = len(data) == len(text)  # ASCII: byte offsets are character offsets
    out = []
    done_b = done_c = 0  # a byte offset and the character offset it maps to
    i = marked.find(needle)
    while i >= 0:
        j = marked.find(b" ", i + n)
        j = len(marked) if j < 0 else j
        if same:
            ci, cj = i, j
        else:  # runs are ASCII, so only the text before a run needs decoding to count characters
            ci = done_c + len(data[done_b:i].decode("utf-8", "surrogatepass"))
            cj = ci + (j - i)
            done_b, done_c = j, cj
        out.append((ci, min(len(text), cj + pad)))  # the pattern reads "==" and one character past the run
        i = marked.find(needle, j)
    return out


MAX_BLOBS = 2000  # base64 candidates weighed per file
# Base64 cut into short chunks (printf %s Y3VybCAt ZnNTTCBo ... | base64 -d): the chunks are joined
# only on a line that names a decoder, bounded around that word, so prose is not decoded word by word.
ATOB_UNPACK_RE = re.compile(r"atob|unpack", re.IGNORECASE)
B64_CHUNK_RE = re.compile(r"[A-Za-z0-9+/]{4,}={0,2}|[A-Za-z0-9+/]{2,3}={1,2}")
B64_CHUNK_GAP = frozenset(" \t\"',+")  # between two chunks of one blob: blanks, quotes, a + or a comma
CHUNK_REACH = 2000  # characters each side of a decoder's name that its chunks are looked for in
MAX_CHUNKED = 50  # decoder names weighed per file


def chunked_blobs(text: str) -> list[list[tuple[int, int, str]]]:
    """Runs of 2 to 64 base64 chunks, each (start, end, chunk), separated by a few blanks or quotes,
    each of at least 4 characters, 24 or more in all, on a line that names a base64 decoder."""
    if "64" not in text:
        low = text.lower()
        if "atob" not in low and "unpack" not in low:
            return []
    out: list[list[tuple[int, int, str]]] = []
    done = 0  # the text before this was read
    for n, (d_start, d_end) in enumerate(_decoder_names(text)):
        if n >= MAX_CHUNKED:
            break
        ls = text.rfind("\n", 0, d_start) + 1
        le = text.find("\n", d_end)
        le = len(text) if le < 0 else le
        lo, hi = max(ls, d_start - CHUNK_REACH, done), min(le, d_end + CHUNK_REACH)
        if lo >= hi:
            continue
        done = hi
        run: list[re.Match] = []
        for m in B64_CHUNK_RE.finditer(text, lo, hi):
            if run and (m.start() - run[-1].end() > 6 or not B64_CHUNK_GAP.issuperset(text[run[-1].end():m.start()])
                        or run[-1].group(0).endswith("=") or len(run) >= 64):
                _chunk_run(run, out)
                run = []
            run.append(m)
        _chunk_run(run, out)
    return out


def _decoder_names(text: str):
    """(start, end) of each base64 decoder's name, in order: "base64", "b64" and "FromBase64"
    found at their "64" by str.find (a case-blind regex over the whole text cost more than the
    rest of the blob search), "atob" and "unpack" by the regex when the text holds them."""
    spans = []
    i = text.find("64")
    while i >= 0 and len(spans) < 4 * MAX_CHUNKED:
        if text[max(0, i - 4):i].lower() == "base":
            spans.append((i - 4, i + 2))
        elif i and text[i - 1] in "bB":
            spans.append((i - 1, i + 2))
        i = text.find("64", i + 2)
    low = text.lower()  # one C pass; the case-blind regex runs only when a name is there
    if "atob" in low or "unpack" in low:
        spans += [m.span() for m in ATOB_UNPACK_RE.finditer(text)]
        spans.sort()
    return spans


def _chunk_run(run: list[re.Match], out: list) -> None:
    if len(run) >= 2 and sum(m.end() - m.start() for m in run) >= 24:
        out.append([(m.start(), m.end(), m.group(0)) for m in run])


def _decode_chunks(run: list[tuple[int, int, str]]) -> tuple[int, str, str] | None:
    """(start, joined, decoded text) of a run of chunks, or None. A command word or two before the
    chunks (echo, printf) reads as a chunk too: up to three leading chunks are tried without."""
    for k in range(min(4, len(run) - 1)):
        joined = "".join(c for _, _, c in run[k:])
        if len(joined) < 24:
            break
        if joined.rstrip("=").isalpha():
            continue
        raw = decode_b64(joined)
        decoded = printable_text(inflated(raw)) if raw else None
        if decoded:
            return run[k][0], joined, decoded
    return None


# A line that is nothing but base64 (a blob wrapped at 60-76 columns, PEM-style, maybe quoted or
# indented): consecutive ones are one blob, decoded whole, or each line alone decodes to nothing.
WRAPPED_LINE_RE = re.compile(r"^[ \t>]{0,8}([A-Za-z0-9+/]{40,120}={0,2})[ \t]*\r?$", re.M)
MAX_WRAPPED = 64  # lines joined into one blob (48 KB of text at 76 columns)


def wrapped_blobs(text: str) -> list[tuple[int, int, str]]:
    """(start, end, joined) of each run of 2 or more consecutive lines that are only base64."""
    out: list[tuple[int, int, str]] = []
    run: list[re.Match] = []

    def close() -> None:
        if len(run) >= 2:
            out.append((run[0].start(1), run[-1].end(1), "".join(m.group(1) for m in run)))

    for m in WRAPPED_LINE_RE.finditer(text):
        if run and (text.count("\n", run[-1].end(), m.start()) != 1 or run[-1].group(1).endswith("=")
                    or len(run) >= MAX_WRAPPED):
            close()
            run = []
        run.append(m)
    close()
    return out


# A line that holds one quoted piece of base64 and nothing else a program runs: a blob cut into
# string literals on consecutive lines and glued back when it runs (Python's implicit concatenation
# in parentheses, JS/PHP/Ruby's + or . at a line's end, a shell's a="…" b="…" joined in "$a$b").
QUOTED_PIECE_LINE_RE = re.compile(r"""[ \t]*(?:(?:const|let|var|local|readonly|export|declare|define)[ \t]+)?"""
                                  r"""(?P<head>[$\w.\[\]]{1,40}[ \t]*(?:\.?=|\+=|:=)[ \t]*)?[(\[{]?[ \t]*(["'`])"""
                                  r"""([A-Za-z0-9+/]{2,4000}={0,2})\2[ \t]*[,+.;)\]}\\]{0,3}[ \t]*\r?""")
MAX_PIECE_LINES = 64  # lines joined into one blob


def quoted_blobs(text: str, runs: list[tuple[int, int]] | None = None) -> list[tuple[int, int, str]]:
    """(start, end, joined) of each run of 2 or more consecutive lines that each hold one quoted base64
    piece of 24 or more characters (the last may be shorter), the pieces joined. ``runs``: the text's
    runs of 24 base64 characters (``_runs``), when the caller has them."""
    lines: list[tuple[int, int, re.Match]] = []  # (line start, line end, match) of each candidate line
    for lo, _ in _runs(text, B64_TABLE, 24) if runs is None else runs:
        if not lo or text[lo - 1] not in "\"'`":
            continue  # not the start of a quoted string: no piece (a path, a word, a URL)
        ls = text.rfind("\n", 0, lo) + 1
        if lines and lines[-1][0] == ls:
            continue
        le = text.find("\n", lo)
        le = len(text) if le < 0 else le
        m = QUOTED_PIECE_LINE_RE.fullmatch(text, ls, le)
        if m is not None and len(m.group(3)) >= 24:
            lines.append((ls, le, m))
    out: list[tuple[int, int, str]] = []
    run: list[tuple[int, int, re.Match]] = []

    def close() -> None:
        if run and len(run) < MAX_PIECE_LINES:  # the last piece may be short (its remainder and padding: 'Ag==')
            ls = run[-1][1] + 1
            le = text.find("\n", ls)
            le = len(text) if le < 0 else le
            m = QUOTED_PIECE_LINE_RE.fullmatch(text, ls, le) if 0 < le - ls <= 80 else None
            if m is not None and not m.group("head"):
                run.append((ls, le, m))
        if len(run) >= 2 and sum(len(m.group(3)) for _, _, m in run) >= 24:
            out.append((run[0][2].start(3), run[-1][2].end(3),
                        "".join(m.group(3).rstrip("=") for _, _, m in run[:-1]) + run[-1][2].group(3)))

    for ln in lines:
        if run and (run[-1][1] + 1 != ln[0] or len(run) >= MAX_PIECE_LINES):
            close()
            run = []
        run.append(ln)
    close()
    return out


def blobs(text: str):
    """Yield (offset, kind, length, decoded text or None) for base64 and hex blobs."""
    if len(text) < 24:
        return
    chunked = []
    runs = _runs(text, B64_TABLE, 24)
    if "\n" in text and len(text) >= 80:  # quoted pieces on consecutive lines, then lines of one wrapped blob
        for start, end, joined in chain(quoted_blobs(text, runs) if runs else (), wrapped_blobs(text)):
            if BLOB_OK_CONTEXT.search(text[max(0, start - 60): start]):
                continue
            raw = decode_b64(joined)
            decoded = printable_text(inflated(raw)) if raw else None
            if decoded:  # decodes to text only joined or whole: its pieces or lines are not blobs again
                chunked.append((start, end))
                yield start, "base64", len(joined), decoded
    for run in chunked_blobs(text):  # only those that decode to text; their chunks are not blobs again
        got = _decode_chunks(run)
        if got is None:
            continue
        start, tok, decoded = got
        if BLOB_OK_CONTEXT.search(text[max(0, start - 60): start]):
            continue
        chunked.append((start, run[-1][1]))
        yield start, "base64", len(tok), decoded
    found = (m for lo, hi in runs for m in B64_RE.finditer(text, lo, hi))
    for n, m in enumerate(found):
        if n >= MAX_BLOBS:
            break  # a file made of blobs: the first MAX_BLOBS candidates are weighed, the rest not
        if chunked and any(s <= m.start() < e for s, e in chunked):
            continue
        tok = m.group(0)
        if tok.rstrip("=").isalpha():  # letters only: no digit, "+" or "/" (the token is ASCII)
            continue
        if tok.count("/") > len(tok) / 12:  # a path, not base64
            continue
        ctx = text[max(0, m.start() - 60): m.start()]
        if BLOB_OK_CONTEXT.search(ctx):
            continue
        raw = decode_b64(tok)
        decoded = printable_text(inflated(raw)) if raw else None
        if decoded or len(tok) >= 120:
            yield m.start(), "base64", len(tok), decoded
    # hex runs of 16 or more digits, found once: the long ones are blobs, the short ones are read
    # beside a hex decoder (the one pass costs what the 200-digit pass alone did)
    hex_runs = _runs(text, HEX_TABLE, 16) if len(text) >= 16 else []
    found = (m for lo, hi in hex_runs if hi - lo >= 200 for m in HEX_RE.finditer(text, lo, hi))
    yield from short_hex(text, hex_runs)
    for m in found:
        if BLOB_OK_CONTEXT.search(text[max(0, m.start() - 60): m.start()]):
            continue
        tok = m.group(0)
        try:
            decoded = printable_text(bytes.fromhex(tok[: (min(len(tok), 200_000) // 2) * 2]))
        except ValueError:
            decoded = None
        yield m.start(), "hex", len(tok), decoded


# A hex decoder named on a line: `xxd -r -p`, Python's bytes.fromhex / unhexlify / codecs.decode(s, "hex"),
# Node's Buffer.from(s, "hex"), PHP's hex2bin, Perl's pack("H*"), .NET's Convert.FromHexString (not an
# encoder: digest("hex") and toString("hex") make hex, they decode nothing)
# (Go's hex.DecodeString, Rust's hex::decode, Java's HexFormat.parseHex and commons-codec's Hex.decodeHex,
# Kotlin's hexToByteArray, Elixir's Base.decode16, Lua's tonumber(h, 16) over pairs)
HEX_DECODER_RE = re.compile(r"\bxxd\s+(?:-\w+\s+)*-r|fromhex\(|unhexlify\(|(?:\bfrom|decode)\([^)\n]{0,200}['\"]hex['\"]\s*\)|\bhex2bin\(|"
                            r"pack\(\s*['\"]H\*|FromHexString\(|\bhex\.DecodeString\(|\bhex::decode\(|parseHex\(|decodeHex\("
                            r"|hexToByteArray\(|\bBase\.decode16|\btonumber\([^)\n]{1,40},\s*16\s*\)", re.IGNORECASE)
SHORT_HEX_RE = re.compile(r"(?<![0-9A-Za-z])(?:[0-9A-Fa-f]{2}){8,99}(?![0-9A-Za-z])")
HEX_DECODER_WORDS = ("xxd", "romhex", "romHex", "nhexlify", "'hex'", '"hex"', "hex2bin", "H*", "hex.DecodeString", "hex::",
                     "arseHex", "ecodeHex", "hexToByteArray", "decode16", "tonumber(")  # HEX_DECODER_RE's words
SHORT_HEX_REACH = 200  # characters each side of a hex decoder's name that a short hex string is looked for in


def short_hex(text: str, hex_runs: list[tuple[int, int]] | None = None):
    """(offset, "hex", length, decoded) for hex strings of 16 to 198 digits (shorter than a blob)
    within SHORT_HEX_REACH of a hex decoder on their line, that decode to text: a path or a command
    kept out of sight (``dest=$(echo 2f6574632f… | xxd -r -p)``). A hash or a colour is no text."""
    if hex_runs is None:
        hex_runs = _runs(text, HEX_TABLE, 16)
    if not hex_runs or not any(w in text for w in HEX_DECODER_WORDS):  # no hex run of 16 digits, or no decoder named
        return
    done = 0
    for n, d in enumerate(HEX_DECODER_RE.finditer(text)):
        if n >= MAX_CHUNKED:
            break
        ls = text.rfind("\n", 0, d.start()) + 1
        le = text.find("\n", d.end())
        le = len(text) if le < 0 else le
        lo, hi = max(ls, d.start() - SHORT_HEX_REACH, done), min(le, d.end() + SHORT_HEX_REACH)
        done = max(done, hi)
        for m in SHORT_HEX_RE.finditer(text, lo, hi):
            tok = m.group(0)
            if tok.isdigit():
                continue
            decoded = printable_text(bytes.fromhex(tok))
            if decoded:
                yield m.start(), "hex", len(tok), decoded


# A line's content, a run of blanks as wide as a screen, then more of the same line: what follows the run is off
# to the right of every editor and diff view (a `// agent: …` comment after a line of a code block, a second
# command after the first). Column alignment of a trailing comment is a few dozen blanks (the widest in 4,600
# public skills is 66); a table cell's padding ends at its pipe and is not read.
WIDE_GAP_RE = re.compile(r"(?<=\S)[ \t\u00a0\u2000-\u200a\u3000]{13,}(?=[^\s|])")
WIDE_GAP_COLUMNS = 100  # a tab counts 8
WIDE_GAP_GATES = (" " * 25, "\t" * 13, "\u00a0" * 25)


def wide_gaps(text: str):
    """Yield (offset, description) for a run of blanks at least WIDE_GAP_COLUMNS wide between two parts of a line."""
    if not any(g in text for g in WIDE_GAP_GATES):
        return
    for m in WIDE_GAP_RE.finditer(text):
        run = m.group(0)
        width = len(run) + 7 * run.count("\t")
        if width >= WIDE_GAP_COLUMNS:
            yield m.end(), f"{width} columns of spaces push the rest of the line off screen (after the line's content)"


def padding(text: str):
    """Yield (offset, description) for blank-line runs and long space runs followed by content."""
    if "\n\n\n" in text:
        for m in BLANK_RUN_RE.finditer(text):
            if m.end() < len(text) and text[m.end():m.end() + 200].strip() and text[:m.start()].strip():
                yield m.end(), f"{m.group(0).count(chr(10)) - 1} blank lines push this content out of view"
    for m in SPACE_RUN_RE.finditer(text) if " " * 300 in text or "\t" * 300 in text else ():
        yield m.end(), f"{len(m.group(0))} spaces push this content off screen"


def in_code_span(view: str, off: int) -> bool:
    """Whether the HTML comment starting at ``off`` sits inside an inline code span on its line
    (`` `<!-- … -->` ``): Markdown prints it as written, so it hides nothing from the reader."""
    if not view.startswith("<!--", off):
        return False
    end = view.find("-->", off + 4)
    if end < 0 or "\n" in view[off:end]:
        return False
    ls = view.rfind("\n", 0, off) + 1
    return view.count("`", ls, off) % 2 == 1 and "`" in view[end + 3:end + 6]
