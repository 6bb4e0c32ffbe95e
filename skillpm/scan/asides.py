"""Asides in another language: a paragraph of an English document written in Spanish, French,
German, Portuguese, Italian or Dutch that names the user's credential stores.

The concept rules and the sentence model read English. An instruction moved into another language
(``Nota para el agente: …``, ``Hinweis für den Agenten: …``) passes them by, and a reviewer
skimming an English document skips it as a translation sample. What such a paragraph wants can
still be read without its language: the paths and names of credential stores (``~/.aws/credentials``,
``.env``, ``~/.npmrc``, ``id_rsa``, ``GITHUB_TOKEN``) are the same in every language. A paragraph
whose function words are another language's, in a document whose own are English, that names one
is reported (SE-04, high): SKILL.md, and a document SKILL.md tells the agent to follow (read as
SKILL.md is, one level up, as the sentence model and the intents do).

A document written in another language throughout is not an aside (its function words are not
English); nor is a paragraph that names no credential store (a translated example sentence). Code
blocks are not prose: a fenced block is skipped, and code spans count for the names only.
"""

from __future__ import annotations

import re

from skillpm.scan.result import FOLLOWED_NOTE, Finding, raise_one

RULE = "SE-04"
MAX_BYTES = 256 * 1024  # a larger document is left to the other rules
MIN_FOREIGN = 5  # another language's function words a paragraph must hold
MIN_ENGLISH_DOC = 12  # English function words the rest of the document must hold (a short reference has few)

CODE_SPAN_RE = re.compile(r"`[^`\n]*`")
FENCED_BLOCK_RE = re.compile(r"^[ \t]{0,3}(?:```|~~~)[^\n]*\n.*?(?:^[ \t]{0,3}(?:```|~~~)[ \t]*$|\Z)", re.MULTILINE | re.DOTALL)
PARAGRAPH_RE = re.compile(r"\n[ \t]*\n")

ENGLISH = frozenset(
    "the and of to in is for with that on this it be are as or from by an you your not when before after if into "
    "at its they then only do does should will can which there their has have was were been any each these those "
    "what how".split())
# Function words of other languages that English prose does not use (ambiguous ones left out:
# es, en, de, no, per, sin, die, den, van, al, su, em, et, est, du, del, dos, non, met …)
FOREIGN = frozenset(
    # Spanish
    "el la los las que con para por una antes se como pero más este esta estos estas sus hace falta "
    "también cada desde hasta sobre entre"
    # French
    " le les des avec pour dans une cette qui pas sur au aux vous votre avant après aussi chaque"
    # German
    " der das und mit für nicht ist ein eine dem auf zu vor nach bitte ihre dieser diese jede auch oder wenn"
    # Portuguese
    " não das uma pelo pela ao você seu sua também antes cada"
    # Italian
    " il gli della dei delle che nel alla sono prima anche ogni"
    # Dutch
    " het een niet voor zijn ook elke".split())


WORD_RE = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")  # a word; "l'agent" and "don't" stay one


def _count(text: str, words: frozenset) -> int:
    """How many of ``text``'s words (lowercase) are in ``words``."""
    return sum(map(words.__contains__, WORD_RE.findall(text.lower())))


# How many different function words of another language a file's words (the engine's, as bytes)
# must hold for it to be read further.
_FOREIGN_BYTES = frozenset(w.encode() for w in FOREIGN)
GATE = 3

# The names of credential stores, in any language: paths, files and the variables that hold keys.
CREDENTIAL_RE = re.compile(
    r"(?:~|\$HOME|%USERPROFILE%)[/\\]\.(?:aws|ssh|npmrc|netrc|pypirc|kube|docker|gnupg|git-credentials|azure)\b"
    r"|\.aws[/\\]credentials\b|\bid_(?:rsa|ed25519|ecdsa|dsa)\b|(?<![\w.])\.env(?:\.local|\.production)?\b(?![.\w-])"
    r"|(?<![\w.])\.(?:npmrc|netrc|pypirc|git-credentials)\b|\bcredentials\.json\b|\bkubeconfig\b"
    r"|(?<=[A-Z0-9]_)(?:TOKEN|SECRET|PASSWORD|API_KEY|ACCESS_KEY|PRIVATE_KEY)\b")
# what a file must hold for CREDENTIAL_RE to match anywhere in it (plain substring tests first)
_CREDENTIAL_MARKS = (".aws", ".ssh", "id_", ".env", ".npmrc", ".netrc", ".pypirc", ".git-credentials",
                     "credentials.json", "kubeconfig", ".kube", ".docker", ".gnupg", ".azure",
                     "TOKEN", "SECRET", "PASSWORD", "_KEY")


def in_file(ctx, by_id: dict) -> list[Finding]:
    """SE-04 in SKILL.md or in a document SKILL.md tells the agent to follow (``ctx``: the engine's
    file context after its pattern rules, whose ``base.words`` are the file's words as bytes)."""
    rule = by_id.get(RULE)
    words = getattr(ctx.base, "words", None)
    if rule is None or words is None or len(ctx.text) > MAX_BYTES:
        return []
    if len(_FOREIGN_BYTES.intersection(words)) < GATE:
        return []  # the common case: hardly another language's word in the file (a set intersection)
    text = ctx.text
    if not any(m in text for m in _CREDENTIAL_MARKS) or not CREDENTIAL_RE.search(text):
        return []  # nothing a paragraph could name
    follow_line = ctx.follow_intents if ctx.kind != "skill_md" else 0
    english_skill = bool(follow_line) and _english_skill(ctx)
    if _count(text, FOREIGN) < (GATE if english_skill else MIN_FOREIGN):
        return []  # no paragraph of another language
    return _asides(ctx.path, text, follow_line, rule, "SKILL.md", english_skill)


def _english_skill(ctx) -> bool:
    """Whether the skill that follows this document speaks English (its description's function words): a document
    it tells the agent to follow, written in another language throughout, is then an aside of the skill."""
    d = getattr(ctx, "description", "") or ""
    e, f = _count(d, ENGLISH), _count(d, FOREIGN)
    return (e >= 2 and f * 2 < e) or (f == 0 and len(WORD_RE.findall(d)) >= 3 and d.isascii())


def paragraphs(text: str) -> tuple[str, list[tuple[int, int]]]:
    """``text`` with its fenced blocks blanked (line numbers kept), and the (start, end) of each paragraph."""
    prose = FENCED_BLOCK_RE.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    bounds = [m.span() for m in PARAGRAPH_RE.finditer(prose)]
    if not bounds:
        return prose, [(0, len(prose))]
    return prose, [(0, bounds[0][0])] + [(a[1], b[0]) for a, b in zip(bounds, bounds[1:])] + [(bounds[-1][1], len(prose))]


ITEM_START_RE = re.compile(r"^[ \t]{0,3}(?:[-*+]|\d{1,3}[.)])[ \t]", re.MULTILINE)


def with_items(prose: str, spans: list[tuple[int, int]]):
    """Each paragraph's span, then (for a list) each of its items': an item in another language among English
    items is an aside of its own ("Notes per language" > "de": two bullets of style, a third of orders)."""
    for start, end in spans:
        yield start, end
        starts = [m.start() for m in ITEM_START_RE.finditer(prose, start, end)]
        if len(starts) > 1:
            yield from zip(starts, starts[1:] + [end])


def _asides(path: str, text: str, follow_line: int, rule, skill_md: str, english_skill: bool = False) -> list[Finding]:
    prose, spans = paragraphs(text)
    english_doc = foreign_doc = None
    least = MIN_FOREIGN
    if english_skill:  # a followed document in another language throughout: its short items are that language too
        words = CODE_SPAN_RE.sub(" ", prose)
        english_doc, foreign_doc = _count(words, ENGLISH), _count(words, FOREIGN)
        if foreign_doc >= GATE and english_doc * 2 < foreign_doc:
            least = 2
    out = []
    for start, end in with_items(prose, spans):
        para = CODE_SPAN_RE.sub(" ", prose[start:end])
        f = _count(para, FOREIGN)
        if f < least:
            continue
        e = _count(para, ENGLISH)
        if f <= 2 * e:
            continue  # not another language's paragraph
        if english_doc is None:
            words = CODE_SPAN_RE.sub(" ", prose)
            english_doc, foreign_doc = _count(words, ENGLISH), _count(words, FOREIGN)
        if (english_doc - e < MIN_ENGLISH_DOC or english_doc - e <= foreign_doc - f) and not english_skill:
            continue  # the document itself is not English (nor the skill that follows it): no aside
        named = CREDENTIAL_RE.search(prose, start, end)
        if named is None:
            continue
        line = text.count("\n", 0, named.start()) + 1
        lines = text.splitlines()
        line_text = lines[line - 1].strip() if line - 1 < len(lines) else ""
        note = (f"a paragraph in another language ({f} of its function words), in a document written in English, "
                f"names {named.group(0)}")
        sev = rule.severity
        if follow_line:
            sev = raise_one(sev)
            note = f"{skill_md} line {follow_line} {FOLLOWED_NOTE}: read as {skill_md} is, one level up; " + note
        out.append(Finding(rule.id, rule.category, sev, path, line, line_text[:240], rule.message, note=note))
        break  # one aside per document is enough to say what it is
    return out
