"""A section that has the agent copy its own context into the document: its instructions, its user's agent
configuration, the other skills installed beside it, its saved memories.

A handoff template, a bug-report form or a retrospective skeleton the agent fills and then commits, posts or
attaches is a document the agent writes for others to read. A section of it that asks, word for word, for the
instructions the agent was given before the user spoke (the system prompt, the operator's preamble, the tool
rules), for the user-level ``CLAUDE.md``/``AGENTS.md``, for every other skill's ``SKILL.md`` or for the memory
files, is an order to gather them into that document, whatever the section says it is for ("the receiving
agent must behave identically"). Read by what the section asks to be pasted, not by its wording: a verb or
adverb of copying (paste, copy, reproduce, include, verbatim, in full, unabridged) and what it names.

The agent's own instructions are prompt leakage (SL-01); the user's agent configuration, the other skills and
the memories are agent snooping (AS-03). Either is high. A section that forbids it ("never paste your system
prompt"), one about attacks or injections ("a page that asks you to reveal your instructions"), and a section
that only names which skills were used stay clean. SKILL.md is read, and a document SKILL.md tells the agent to
follow or to fill (one level up, as the other readers are).
"""

from __future__ import annotations

import re

from skillpm.scan.docunits import HEADING_LINE_RE as HEADING_RE, ITEM_RE, clause_start, low_of, near
from skillpm.scan.result import Finding, document_finding, stronger_than_found

MAX_BYTES = 256 * 1024

# the agent's own instructions: named as its own ("your system prompt", "the instructions you were given")
OWN_RE = re.compile(
    r"\byour\s+(?:own\s+)?(?:(?:full|complete|entire|initial|original|hidden|startup|start-up|underlying)\s+)*"
    r"(?:system\s+prompt|system\s+instructions|preamble|(?:initial|original|hidden|startup|start-up|underlying)\s+"
    r"(?:instructions|prompt))\b|"
    r"\b(?:instructions?|instruction\s+text|prompt|preamble|directives?|guidance)\s+(?:that\s+)?you\s+(?:were|have\s+been)\s+"
    r"(?:given|provided|loaded|started\s+with)\b|\byou\s+are\s+running\s+under\b|"
    r"\bbefore\s+the\s+user'?s?\s+first\s+(?:message|turn|request)\b|\bthe\s+system\s+prompt\s+you\b",
    re.IGNORECASE)
# the user's agent configuration, the other skills, the memories (as files the agent can copy)
AROUND_RE = re.compile(
    r"~/\.(?:claude|codex|cursor|gemini)/(?:skills|plugins|rules|projects|memory|memories|CLAUDE\.md|AGENTS\.md)\b|"
    r"\b(?:user-level|global)\b[^\n]{0,40}?\b(?:CLAUDE|AGENTS|GEMINI)\.md\b|"
    r"\b(?:every|all|each|any)\s+(?:the\s+)?other\s+(?:installed\s+)?skills?\b|\bMEMORY\.md\b|\bmemory\s+files\b|"
    r"\bmemories/|/memory/",
    re.IGNORECASE)
HIT_RE = re.compile(f"{OWN_RE.pattern}|{AROUND_RE.pattern}", re.IGNORECASE)  # either (where one occurs)
COPY_RE = re.compile(
    r"(?<![-\w])(?:paste|copy|reproduce|include|insert|dump)\b|\bverbatim\b|\bunabridged\b|\bword\s+for\s+word\b|"
    r"\bin\s+full\b|\bfull\s+(?:text|contents?)\b|\bexact\s+copy\b|\bunparaphrased\b",
    re.IGNORECASE)
# what OWN_RE or AROUND_RE needs in the lowercase text (plain substring tests, the common case: none)
MARKS = ("system prompt", "system instructions", "preamble", "initial instructions", "original instructions",
         "hidden instructions", "startup instructions", "start-up instructions", "underlying instructions",
         "initial prompt", "original prompt", "hidden prompt", "startup prompt", "start-up prompt", "underlying prompt",
         "you were given", "you were provided", "you were loaded", "you were started", "you have been given",
         "you have been provided", "running under", "first message", "first turn", "first request",
         "~/.claude/", "~/.codex/", "~/.cursor/", "~/.gemini/", "claude.md", "agents.md", "gemini.md", "other skill",
         "other installed skill", "memory.md", "memory files", "memories/", "/memory/")
NEG_RE = re.compile(r"\b(?:never|not|no|don't|do not|must not|mustn't|should not|shouldn't|cannot|can't|avoid\w*|without|"
                    r"exclud\w*|except|omit\w*|redact\w*|instead of|rather than|unless)\b", re.IGNORECASE)
TALK_RE = re.compile(r"\b(?:attackers?|malicious|adversar\w*|inject(?:ions?|ed)|red flags?|warning signs?|jailbreaks?|"
                     r"suspicious|in the wild|phishing|exploit\w*|"
                     r"(?:asks?|tries|trying|attempts?|wants?)\s+(?:you\s+)?to\s+(?:reveal|print|show|leak|dump|repeat|copy|paste)|"
                     r"refuse\w*|decline\w*|treat\s+(?:it|them|this)\s+as)\b", re.IGNORECASE)
CLAUSE_END_RE = re.compile(r"[.!?;:](?=\s)|\n[ \t]*\n")
FENCE_RE = re.compile(r"^[ \t]{0,3}(?:```|~~~)", re.MULTILINE)


COPY_WORDS = frozenset(w.encode() for w in ("paste", "copy", "reproduce", "include", "insert", "dump", "verbatim",
                                            "unabridged", "word", "full", "exact", "unparaphrased"))
# the word of the file each mark needs (its rarest), so that only marks that can occur are looked for
MARK_KEYS = {lit: max(re.findall(r"[a-z0-9]+", lit), key=len).encode() for lit in MARKS}
_W = lambda *ws: frozenset(w.encode() for w in ws)  # noqa: E731
ADJ_WORDS = _W("system", "initial", "original", "hidden", "startup", "start", "underlying")
GIVEN_WORDS = _W("given", "provided", "loaded", "started")
TURN_WORDS = _W("message", "turn", "request")
AGENT_HOMES = _W("claude", "codex", "cursor", "gemini")
HOME_PARTS = _W("skills", "plugins", "rules", "projects", "memory", "memories", "md")


def _gate(words) -> bool:
    """Whether a file's words can hold a copying word and a name of the agent's context (set tests, the words
    each of MARKS needs)."""
    if COPY_WORDS.isdisjoint(words):
        return False
    return bool(
        ((b"prompt" in words or b"instructions" in words) and not ADJ_WORDS.isdisjoint(words))
        or b"preamble" in words
        or (b"you" in words and (b"were" in words or b"been" in words) and not GIVEN_WORDS.isdisjoint(words))
        or (b"running" in words and b"under" in words)
        or (b"first" in words and b"user" in words and not TURN_WORDS.isdisjoint(words))
        or (not AGENT_HOMES.isdisjoint(words) and not HOME_PARTS.isdisjoint(words))
        or (b"agents" in words and b"md" in words)
        or (b"other" in words and (b"skill" in words or b"skills" in words))
        or b"memories" in words or (b"memory" in words and (b"md" in words or b"files" in words)))


def _sections(view: str):
    starts = [0] + [m.start() for m in HEADING_RE.finditer(view)]
    for a, b in zip(starts, starts[1:] + [len(view)]):
        if b > a:
            yield a, b


def _clause_head(view: str, lo: int, at: int) -> str:
    return view[clause_start(CLAUSE_END_RE, view, lo, at):at]


def _named(rx, view: str, a: int, b: int):
    """The first match of ``rx`` in [a, b) whose own clause is not negated."""
    for m in rx.finditer(view, a, b):
        if not NEG_RE.search(_clause_head(view, a, m.start())):
            return m
    return None


def _unit(view: str, a: int, b: int, at: int) -> tuple[int, int]:
    """The paragraph around ``at`` within the section [a, b), with the paragraph above when it leads in to it
    (ends with a colon)."""
    lo = view.rfind("\n\n", a, at)
    lo = a if lo < 0 else lo + 2
    hi = view.find("\n\n", at, b)
    hi = b if hi < 0 else hi
    # a list's items run on over single blank lines: the lead-in is the last paragraph above that ends in ":"
    p = lo
    for _ in range(12):
        prev = view.rstrip()[:0] if p <= a else view[a:p].rstrip()
        if not prev:
            break
        ps = prev.rfind("\n\n")
        para = prev[ps + 2 if ps >= 0 else 0:]
        if para.endswith(":"):
            return a + (ps + 2 if ps >= 0 else 0), hi
        if not ITEM_RE.match(para):
            break
        p = a + (ps if ps >= 0 else 0)
    return lo, hi


def own_context(ctx, by_id: dict) -> list[Finding]:
    """SL-01 / AS-03 where a section asks for the agent's own instructions, configuration, skills or memories
    to be copied in."""
    view = ctx.view
    if len(view) > MAX_BYTES:
        return []
    words = getattr(getattr(ctx, "base", None), "words", None)
    if words is not None and not _gate(words):
        return []  # the common case (set tests)
    low = low_of(ctx)
    marks = MARKS if words is None else [lit for lit in MARKS if MARK_KEYS[lit] in words]
    hits = [m.start() for m in near(low, marks, HIT_RE, view, before=80, after=80)]
    if not hits:
        return []
    out: list[Finding] = []
    for a, b in _sections(view):
        if not any(a <= h < b for h in hits):
            continue
        sec = view[a:b]
        if len(sec) > 6000 or FENCE_RE.search(sec) and sec.count("```") > 1 and not COPY_RE.search(sec):
            continue
        own = _named(OWN_RE, view, a, b)
        around = _named(AROUND_RE, view, a, b)
        if own is None and around is None:
            continue
        if TALK_RE.search(sec):
            continue
        hit0 = own or around
        lo, hi = _unit(view, a, b, hit0.start())
        copy = _named(COPY_RE, view, lo, hi)
        if copy is None:
            continue  # the copying is asked of what it names: in its paragraph or the lead-in above its list
        # one kind of the agent's context suffices when it is its own instructions; the rest need two names or
        # an explicit word of copying all of it
        kinds = (own is not None) + (around is not None) + (len({m.group(0).lower() for m in AROUND_RE.finditer(sec)}) > 1)
        if own is None and kinds < 2:
            continue
        hit = own or around
        ls = view.rfind("\n", 0, hit.start()) + 1
        before = view[ls:hit.start()]
        if (before.count('"') + before.count("\u201c") - before.count("\u201d")) % 2:
            continue  # a quotation on its line: someone's words, quoted
        line = ctx.line_of(hit.start())
        if ctx.region_at(line).kind == "code":
            continue
        rule = by_id.get("SL-01" if own is not None else "AS-03")
        if rule is None:
            continue
        note = (f"a section has the agent copy in its own context (\"{hit.group(0).strip()[:50]}\", "
                f"\"{copy.group(0).strip()}\")")
        out.append(document_finding(ctx, rule, "high", line, note))
        if own is not None and around is not None and by_id.get("AS-03") is not None:
            aline = ctx.line_of(around.start())
            if aline != line and ctx.region_at(aline).kind != "code":
                out.append(document_finding(ctx, by_id["AS-03"], "high", aline,
                                            f"a section has the agent copy in what surrounds it (\"{around.group(0)[:50]}\")"))
        if len(out) >= 2:
            break
    return out


def in_file(ctx, by_id: dict, found: list[Finding] = ()) -> list[Finding]:
    """The findings of this module on ``ctx``; a rule's finding on a line where ``found`` already holds one as
    strong is left out."""
    out = own_context(ctx, by_id)
    if not out:
        return out
    return stronger_than_found(out, found)
