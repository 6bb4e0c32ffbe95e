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

WORD_RE = re.compile(r"[a-zà-ÿß]+")
CODE_SPAN_RE = re.compile(r"`[^`\n]*`")
FENCE_RE = re.compile(r"^[ \t]{0,3}(?:```|~~~)[^\n]*\n.*?(?:^[ \t]{0,3}(?:```|~~~)[ \t]*$|\Z)", re.MULTILINE | re.DOTALL)
PARAGRAPH_RE = re.compile(r"\n[ \t]*\n")

ENGLISH = frozenset(
    "the and of to in is for with that on this it be are as or from by an you your not when before after if into "
    "at its they then only do does should will can which there their has have was were been any each these those "
    "what how".split())
# Function words of other languages that English prose does not use (ambiguous ones left out:
# es, en, de, no, per, sin, die, den, van, al, su, em …)
FOREIGN = frozenset(
    # Spanish
    "el la los las del que con para por una antes sin lo se como pero más este esta estos estas sus hace falta "
    "también cada desde hasta sobre entre"
    # French
    " le les des du et est avec pour dans une cette qui pas sur au aux vous votre avant après aussi chaque"
    # German
    " der das und mit für nicht ist ein eine dem auf zu vor nach bitte ihre dieser diese jede auch oder wenn"
    # Portuguese
    " não dos das uma pelo pela ao você seu sua também antes cada"
    # Italian
    " il gli della dei delle che per non nel alla sono prima anche ogni"
    # Dutch
    " het een niet voor met zijn ook elke".split())

# The names of credential stores, in any language: paths, files and the variables that hold keys.
CREDENTIAL_RE = re.compile(
    r"(?:~|\$HOME|%USERPROFILE%)[/\\]\.(?:aws|ssh|npmrc|netrc|pypirc|kube|docker|gnupg|git-credentials|azure)\b"
    r"|\.aws[/\\]credentials\b|\bid_(?:rsa|ed25519|ecdsa|dsa)\b|(?<![\w.])\.env(?:\.local|\.production)?\b(?![.\w-])"
    r"|(?<![\w.])\.(?:npmrc|netrc|pypirc|git-credentials)\b|\bcredentials\.json\b|\bkubeconfig\b"
    r"|\b[A-Z][A-Z0-9]*_(?:[A-Z0-9]+_)*(?:TOKEN|SECRET|PASSWORD|API_KEY|ACCESS_KEY|PRIVATE_KEY)\b")


def _counts(words: list[str]) -> tuple[int, int]:
    return sum(w in ENGLISH for w in words), sum(w in FOREIGN for w in words)


def foreign_asides(files: dict[str, bytes], followed: dict[str, int], skill_md: str | None,
                   by_id: dict) -> list[Finding]:
    """SE-04 findings in SKILL.md and in the documents SKILL.md tells the agent to follow."""
    if RULE not in by_id:
        return []
    rule = by_id[RULE]
    out = []
    paths = ([skill_md] if skill_md else []) + sorted(p for p in followed if p != skill_md)
    for path in paths:
        data = files.get(path)
        if data is None or len(data) > MAX_BYTES or not path.lower().endswith((".md", ".markdown", ".txt")):
            continue
        text = data.decode("utf-8", errors="replace")
        if not CREDENTIAL_RE.search(text):
            continue  # the common case: nothing a paragraph could name
        out += _asides(path, text, followed.get(path, 0) if path != skill_md else 0, rule, skill_md or "SKILL.md")
    return out


def _asides(path: str, text: str, follow_line: int, rule, skill_md: str) -> list[Finding]:
    prose = FENCE_RE.sub(lambda m: "\n" * m.group(0).count("\n"), text)  # line numbers kept
    paragraphs = []
    pos = 0
    for m in [*PARAGRAPH_RE.finditer(prose), None]:
        end = m.start() if m else len(prose)
        para = prose[pos:end]
        words = WORD_RE.findall(CODE_SPAN_RE.sub(" ", para).lower())
        paragraphs.append((pos, para, _counts(words)))
        pos = m.end() if m else len(prose)
    english_doc = sum(e for _, _, (e, _f) in paragraphs)
    foreign_doc = sum(f for _, _, (_e, f) in paragraphs)
    out = []
    for start, para, (e, f) in paragraphs:
        if f < MIN_FOREIGN or f <= 2 * e:
            continue  # not another language's paragraph
        if english_doc - e < MIN_ENGLISH_DOC or english_doc - e <= foreign_doc - f:
            continue  # the document itself is not English: no aside
        named = CREDENTIAL_RE.search(para)
        if named is None:
            continue
        at = start + named.start()
        line = text.count("\n", 0, at) + 1
        line_text = text.splitlines()[line - 1].strip() if line - 1 < len(text.splitlines()) else ""
        note = (f"a paragraph in another language ({f} of its function words), in a document written in English, "
                f"names {named.group(0)}")
        sev = rule.severity
        if follow_line:
            sev = raise_one(sev)
            note = f"{skill_md} line {follow_line} {FOLLOWED_NOTE}: read as {skill_md} is, one level up; " + note
        out.append(Finding(rule.id, rule.category, sev, path, line, line_text[:240], rule.message, note=note))
        break  # one aside per document is enough to say what it is
    return out
