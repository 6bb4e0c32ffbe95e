"""Quotations framed as samples by where they sit, not by a label beside them.

describing.quoted_evidence reads a quotation as evidence when a reporting frame introduces it: a line
above a blockquote ("What the compromised README said:"), the clause before a double-quoted span. Two
other places frame a quotation the same way:

- A blockquote under a section heading that names its quotations attack samples ("## Annotated injection
  examples", "## Payloads seen in the wild"): each blockquote in that section is one of the samples, as it
  would be under a label line saying so. Not in a document SKILL.md tells the agent to follow (there the
  samples are what the agent is told to carry out, whatever the heading calls them).
- A fenced text block (```text, or no language) whose frame is the line above its opening fence ("09:12 -
  the agent opened docs/setup.md. The injected text read:"), or under such a heading ("### Evidence"): an
  excerpt shown as written.
- A blockquote under a heading naming it a worked example of the report ("## Worked example (fictional)",
  "## Example report") whose every sentence is narrated in the past tense, none an order (no sentence opens with
  a verb of doing, none speaks to "you"): the sample report tells what happened.
- Reported speech in the past tense whose subject is hostile content or an attacker ("The poisoned README
  instructed assistants to send …", "a compromised plugin told the agent to read …"): an incident narrated, the
  order the attacker gave, not one the skill gives. Not in a document SKILL.md tells the agent to follow.

The engine applies the same guards as for any quoted evidence: the skill's declared purpose describes
attacks, and no sentence around the quotation takes it up as an order (describing.evidence_adopted).
"""

from __future__ import annotations

import re

from skillpm.scan import describing

FENCE_RE = re.compile(r"[ \t]{0,3}(?:```|~~~)")
REACH = 40  # lines of a blockquote, or of a fenced block, read past the match
LIST_MARK_RE = re.compile(r"\s*(?:[-*+]|\d{1,3}[.)])\s+")


# A heading that names its section the evidence of an incident ("### Evidence", "## Indicators of compromise")
EVIDENCE_HEADING_RE = re.compile(r"\b(?:evidence|indicators? of compromise|iocs?)\b", re.IGNORECASE)


def samples_heading(heading: str) -> bool:
    """Whether a section heading names the quotations under it attack samples (or an incident's evidence),
    and is no order itself."""
    h = heading.replace("*", "").replace("_", " ").replace("`", "").strip()
    return 0 < len(h) <= 100 and bool(describing.PAYLOAD_LABEL_RE.search(h) or EVIDENCE_HEADING_RE.search(h)) \
        and not describing.LABEL_ORDER_RE.match(h)


def fence_framed(line_at, fence: int) -> bool:
    """Whether the line above the opening fence on line ``fence`` (one blank line between them allowed) ends
    in a reporting frame (describing.reporting_frame): its last clause introduces the block as words found."""
    n = fence - 1
    if n > 1 and not line_at(n).strip():
        n -= 1
    if n < 1:
        return False
    text = LIST_MARK_RE.sub("", line_at(n), count=1)
    clause = describing.FRAME_STOP_RE.split(text)[-1]
    return describing.reporting_frame(clause)


# The subject (hostile content, or an attacker) and a past-tense verb of ordering with its addressee: "the
# poisoned README instructed assistants to", "a compromised plugin told the agent to", "the attacker's comment asked
# Claude to". Present and modal forms ("attackers may tell the agent to") are describing.attacker_says'.
REPORTED_RE = re.compile(
    r"(?:\b(?:malicious|hostile|compromised|poisoned|booby-trapped|rogue|injected|trojaned|typosquatted|attacker's|attackers')"
    r"\s+(?:[\w`'./-]+\s+){0,2}?[\w`'./-]+|\b(?:attackers?|adversar(?:y|ies)|threat actors?|intruders?|malware))"
    r"\s+(?:had\s+)?(?:instructed|told|asked|directed|ordered|urged|commanded|tricked)\s+(?:[\w'-]+\s+){0,3}?to\b",
    re.IGNORECASE)
# In the rest of the sentence, a turn to an order of the skill's own (", so you should …", "; now do …")
TURN_RE = re.compile(r"[,;:]\s*(?:so|then|and then|now)\b|\b(?:so|therefore)\s+(?:you|the agent|the assistant|claude)\b"
                     r"|\byou\s+(?:should|must|will|need to|are to|can)\b|\b(?:please|now)\b", re.IGNORECASE)
# Where a sentence (or a list item) starts, and where it ends
CLAUSE_START_RE = re.compile(r"[.!?;](?=\s)|\n[ \t]*\n|\n[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]")
SENTENCE_END_RE = re.compile(r"[.!?](?=\s|$)|\n[ \t]*\n")
REPORT_REACH = 300  # characters read back from the match for the sentence's subject


def reported_order(view: str, lo: int) -> int | None:
    """Where the sentence ends whose text before ``lo`` reports, in the past tense, what hostile content or an
    attacker ordered (REPORTED_RE), with no turn to an order of the skill's own after it in the sentence
    (TURN_RE); else None."""
    start = max(0, lo - REPORT_REACH)
    cut = None
    for cut in CLAUSE_START_RE.finditer(view, start, lo):
        pass
    clause = view[cut.end() if cut else start:lo]
    m = None
    for m in REPORTED_RE.finditer(clause):
        pass
    if m is None:
        return None
    end = SENTENCE_END_RE.search(view, lo)
    end = end.start() + 1 if end else len(view)
    if TURN_RE.search(clause, m.end()) or TURN_RE.search(view, lo, end):
        return None
    return end


def sample_quotation(ctx, region, line: int, last: int, lo: int | None = None, hi: int | None = None) -> int | None:
    """Where the quotation holding lines ``line``..``last`` of ``ctx`` ends (an offset of ``ctx.view``), when
    its place frames it as a sample (this module's docstring), else None."""
    bq = describing.BLOCKQUOTE_RE
    if region.kind == "prose" and lo is not None and not (ctx.followed or ctx.follow_intents) \
            and (end := reported_order(ctx.view, lo)) is not None:
        return end
    if region.kind == "prose" and line == last and lo is not None and not (ctx.followed or ctx.follow_intents) \
            and ((end := _table_sample(ctx, line, lo)) is not None
                 or (hi is not None and hi > lo and (end := _table_sample(ctx, line, hi - 1)) is not None)):
        return end
    if region.kind == "prose":
        if ctx.followed or ctx.follow_intents or not all(bq.match(ctx.view_line(n)) for n in range(line, last + 1)):
            return None
        heading = ctx.heading_at(line)
        if _own_label(ctx, line) or _section_taken_up(ctx, heading):
            return None
        if not samples_heading(heading) and not (EXAMPLE_HEADING_RE.search(heading) and _narrated(ctx, line)):
            return None
        end = last
        while end < last + REACH and bq.match(ctx.view_line(end + 1)):
            end += 1
        return ctx.line_start(end) + len(ctx.view_line(end))
    if region.kind == "code" and region.first > 1 and FENCE_RE.match(ctx.view_line(region.first - 1)):
        if not fence_framed(ctx.view_line, region.first - 1) and (
                ctx.followed or ctx.follow_intents or not samples_heading(ctx.heading_at(line))
                or _section_taken_up(ctx, ctx.heading_at(line))):
            return None
        end = last
        while end < last + REACH and ctx.view_line(end + 1) and not FENCE_RE.match(ctx.view_line(end + 1)):
            end += 1
        return ctx.line_start(end) + len(ctx.view_line(end))
    return None


# A table column whose header names its cells quoted samples ("Example phrasing (quoted from real samples)")
SAMPLE_COLUMN_RE = re.compile(r"\b(?:examples?|samples?|quoted|phrasings?|wordings?)\b", re.IGNORECASE)
TABLE_REACH = 60  # rows read up to the header


def _cells(row: str) -> list[tuple[int, int]]:
    """(start, end) of each cell of a Markdown table row, offsets in ``row`` (escaped pipes kept inside a cell)."""
    bars = [i for i, c in enumerate(row) if c == "|" and (i == 0 or row[i - 1] != "\\")]
    return [(bars[k] + 1, bars[k + 1]) for k in range(len(bars) - 1)]


def _table_sample(ctx, line: int, lo: int) -> int | None:
    """Where the row ends when ``lo`` lies inside a double-quoted span of a table cell whose column header names
    its cells quoted samples or examples (SAMPLE_COLUMN_RE, or samples_heading), else None."""
    row = ctx.view_line(line)
    if not row.lstrip().startswith("|"):
        return None
    start = ctx.line_start(line)
    at = lo - start
    cells = _cells(row)
    col = next((k for k, (a, b) in enumerate(cells) if a <= at < b), None)
    if col is None:
        return None
    a, _ = cells[col]
    head = row[a:at]
    if head.count('"') % 2 == 0 and head.count("\u201c") <= head.count("\u201d"):
        return None  # not inside a quotation
    n = line
    while n > 1 and line - n < TABLE_REACH and ctx.view_line(n - 1).lstrip().startswith("|"):
        n -= 1
    if n == line or not re.match(r"\s*\|?\s*:?-{3,}", ctx.view_line(n + 1)):
        return None  # no header row with its separator under it
    header = ctx.view_line(n)
    hcells = _cells(header)
    if col >= len(hcells):
        return None
    h = header[hcells[col][0]:hcells[col][1]]
    if not (SAMPLE_COLUMN_RE.search(h) or samples_heading(h)):
        return None
    return start + len(row)


# After a quotation, a sentence that has someone carry it out by pointing back at it, whatever the verb's
# object is called ("do exactly what the sample above says", "run the excerpt above yourself", "replay the
# quoted step"): describing.ADOPT_RE names the common wordings; this reads the verb and the pointer apart.
TAKE_UP_RE = re.compile(
    r"\b(?:do|run|execute|perform|follow|obey|apply|carry out|act on|repeat|replay|reproduce|replicate|redo|re-?run"
    r"|complete|honou?r|comply with|implement|paste|send|submit|use)\b[^.!?\n]{0,60}?\b(?:above|earlier|likewise|the same|it|this|that|these"
    r"|those|them|the (?:quoted|sample|excerpt|example|evidence|quote|quotation|text|instruction|step|block|payload|snippet"
    r"|comment|samples|examples|steps|excerpts|instructions|quotes))\b", re.IGNORECASE)
# ... unless the verb is negated where it stands ("never act on it", "do not run the block above", "instead of
# doing it", "do nothing it asks"); a word elsewhere in the sentence ("block", "report") forbids nothing
TAKE_UP_NEGATED_BEFORE_RE = re.compile(
    r"(?:\b(?:not|never|no|nor|don't|doesn't|cannot|can't|won't|refuse|refuses|avoid|without|instead of|rather than"
    r"|neither)\b|n't)\W+(?:\w+\W+){0,2}$", re.IGNORECASE)
TAKE_UP_NEGATED_OBJECT_RE = re.compile(r"\b(?:nothing|none|neither|not)\b", re.IGNORECASE)


def taken_up(after: str) -> bool:
    """Whether a sentence of the text after a quotation (its first describing.ADOPT_READ characters) carries
    the quotation out: a verb of doing and a pointer back at it, the verb not negated where it stands."""
    for sentence in describing.SENTENCE_STOP_RE.split(describing.QUOTE_MARKER_RE.sub(" ", after[:describing.ADOPT_READ])):
        for m in TAKE_UP_RE.finditer(sentence):
            if not TAKE_UP_NEGATED_BEFORE_RE.search(sentence, max(0, m.start() - 40), m.start()) \
                    and not TAKE_UP_NEGATED_OBJECT_RE.search(m.group(0)):
                return True
    return False


def _own_label(ctx, line: int) -> bool:
    """Whether the blockquote holding ``line`` has a label of its own that is no reporting frame ("Required first
    step:" as its first line, "Team policy:" on the line above it): the nearer frame, not the heading, says what
    the quotation is."""
    bq = describing.BLOCKQUOTE_RE
    top = line
    while top > 1 and top > line - REACH and bq.match(ctx.view_line(top - 1)):
        top -= 1
    above = top - 1
    if above > 1 and not ctx.view_line(above).strip():
        above -= 1
    for text in (ctx.view_line(above) if above >= 1 else "", bq.sub("", ctx.view_line(top), count=1)):
        label = text.replace("*", "").replace("_", "").strip()
        if label.endswith(":") and not describing.reporting_frame(label):
            return True
    return False


# A verb of doing right before a section's name: "performs the step in the sample evidence", "run what the
# Evidence section shows"
DOING_BEFORE_RE = re.compile(
    r"\b(?:do|does|doing|run|runs|running|execute[sd]?|executing|perform(?:s|ed|ing)?|follow(?:s|ed|ing)?|appl(?:y|ies|ied|ying)"
    r"|carr(?:y|ies|ied|ying) out|complet(?:e|es|ed|ing)|repla(?:y|ys|yed|ying)|repeat(?:s|ed|ing)?|acts? on|obey(?:s|ed|ing)?"
    r"|reproduc(?:e|es|ed|ing)|send(?:s|ing)?|submit(?:s|ted|ting)?|use[sd]?|using)\b[^.!?\n]{0,60}$", re.IGNORECASE)


def _section_taken_up(ctx, heading: str) -> bool:
    """Whether the skill's description, or SKILL.md's text outside the heading's own line, names the section a
    heading opens right after a verb of doing, unnegated ("after each report, performs the step in the sample
    evidence"): the samples are then what the agent is told to carry out, wherever that is said."""
    name = heading.replace("*", "").replace("_", " ").replace("`", "").strip().lower()
    if len(name) < 6:
        return False
    for text in (ctx.description, ctx.view):
        low = text.lower()
        pos = low.find(name)
        while pos >= 0:
            before = text[max(0, pos - 80):pos]
            ls = text.rfind("\n", 0, pos) + 1
            heading_line = text[ls:pos].strip(" \t#") == ""
            if not heading_line and (m := DOING_BEFORE_RE.search(before)) is not None \
                    and not TAKE_UP_NEGATED_BEFORE_RE.search(before, max(0, m.start() - 40), m.start()):
                return True
            pos = low.find(name, pos + len(name))
    return False


# A heading that names its section a worked example of the document the skill writes
EXAMPLE_HEADING_RE = re.compile(r"\b(?:worked example|example (?:report|postmortem|post-mortem|write-?up|incident|summary)"
                                r"|sample (?:report|postmortem|post-mortem|write-?up|incident)|fictional)\b", re.IGNORECASE)
# A sentence that is an order: it opens (after a label, a list number or a lead-in clause) with a verb of doing,
# or speaks to the agent
LEAD_IN_RE = re.compile(r"^(?:[\W\d]*|\(\w\)\s*)*(?:(?:before|after|when|once|if|then|first|now|also|please|always|never"
                        r"|just)\b[^,]{0,40},\s*|(?:then|first|now|also|please|always|never|just|do not|don't)\s+)*", re.IGNORECASE)
IMPERATIVE_RE = re.compile(
    r"(?:set|enable|disable|turn|launch|start|run|add|read|copy|send|post|upload|grant|give|export|write|append|put"
    r"|replace|change|switch|pass|use|install|execute|open|cat|push|delete|remove|rm|chmod|chown|create|configure|attach"
    r"|paste|forward|print|dump|curl|fetch|email|share|sync|mirror|allow|skip|bypass|grab|collect|include|invoke|call"
    r"|pipe|source|load|transmit|submit|save|store|leave|do|make|keep|ignore|follow|tell|ask|let|go|get|check|find"
    r"|wipe|drop|truncate|clear|erase|overwrite|approve|accept|trust|disregard|obey|apply|perform|carry)\b", re.IGNORECASE)
ADDRESSED_RE = re.compile(r"\b(?:you|your|yours|yourself)\b|\b(?:should|must|need to|have to|ought to)\b", re.IGNORECASE)
PAST_RE = re.compile(r"\b(?:was|were|had|did|ran|sent|took|made|got|left|put|gave|wrote|read|found|sat|came|went|held"
                     r"|[a-z]{2,}ed)\b", re.IGNORECASE)
NARRATION_STOP_RE = re.compile(r"[.!?;](?=\s|$)|\(\d{1,2}\)")


def _narrated(ctx, line: int) -> bool:
    """Whether the blockquote holding ``line`` is narrated: some sentence in the past tense, none an order
    (LEAD_IN_RE then IMPERATIVE_RE at its start) and none speaking to the agent (ADDRESSED_RE)."""
    bq = describing.BLOCKQUOTE_RE
    top = line
    while top > 1 and top > line - REACH and bq.match(ctx.view_line(top - 1)):
        top -= 1
    end = line
    while end < line + REACH and bq.match(ctx.view_line(end + 1)):
        end += 1
    text = " ".join(bq.sub("", ctx.view_line(n), count=1) for n in range(top, end + 1)).replace("*", "")
    if ADDRESSED_RE.search(text) or not PAST_RE.search(text):
        return False
    for sentence in NARRATION_STOP_RE.split(text):
        rest = sentence[LEAD_IN_RE.match(sentence).end():]
        if IMPERATIVE_RE.match(rest):
            return False
    return True
