"""Quotations framed as samples by where they sit, not by a label beside them.

describing.quoted_evidence reads a quotation as evidence when a reporting frame introduces it: a line
above a blockquote ("What the compromised README said:"), the clause before a double-quoted span. Two
other places frame a quotation the same way:

- A blockquote under a section heading that names its quotations attack samples ("## Annotated injection
  examples", "## Payloads seen in the wild"): each blockquote in that section is one of the samples, as it
  would be under a label line saying so. Not in a document SKILL.md tells the agent to follow (there the
  samples are what the agent is told to carry out, whatever the heading calls them).
- A fenced text block (```text, or no language) whose frame is the line above its opening fence ("09:12 -
  the agent opened docs/setup.md. The injected text read:"): an excerpt shown as written.

The engine applies the same guards as for any quoted evidence: the skill's declared purpose describes
attacks, and no sentence around the quotation takes it up as an order (describing.evidence_adopted).
"""

from __future__ import annotations

import re

from skillpm.scan import describing

FENCE_RE = re.compile(r"[ \t]{0,3}(?:```|~~~)")
REACH = 40  # lines of a blockquote, or of a fenced block, read past the match
LIST_MARK_RE = re.compile(r"\s*(?:[-*+]|\d{1,3}[.)])\s+")


def samples_heading(heading: str) -> bool:
    """Whether a section heading names the quotations under it attack samples, and is no order itself."""
    h = heading.replace("*", "").replace("_", " ").replace("`", "").strip()
    return 0 < len(h) <= 100 and bool(describing.PAYLOAD_LABEL_RE.search(h)) and not describing.LABEL_ORDER_RE.match(h)


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


def sample_quotation(ctx, region, line: int, last: int) -> int | None:
    """Where the quotation holding lines ``line``..``last`` of ``ctx`` ends (an offset of ``ctx.view``), when
    its place frames it as a sample (this module's docstring), else None."""
    bq = describing.BLOCKQUOTE_RE
    if region.kind == "prose":
        if ctx.followed or ctx.follow_intents or not all(bq.match(ctx.view_line(n)) for n in range(line, last + 1)):
            return None
        if not samples_heading(ctx.heading_at(line)):
            return None
        end = last
        while end < last + REACH and bq.match(ctx.view_line(end + 1)):
            end += 1
        return ctx.line_start(end) + len(ctx.view_line(end))
    if region.kind == "code" and region.first > 1 and FENCE_RE.match(ctx.view_line(region.first - 1)):
        if not fence_framed(ctx.view_line, region.first - 1):
            return None
        end = last
        while end < last + REACH and ctx.view_line(end + 1) and not FENCE_RE.match(ctx.view_line(end + 1)):
            end += 1
        return ctx.line_start(end) + len(ctx.view_line(end))
    return None


# After a quotation, a sentence that has someone carry it out by pointing back at it, whatever the verb's
# object is called ("do exactly what the sample above says", "run the excerpt above yourself", "replay the
# quoted step"): describing.ADOPT_RE names the common wordings; this reads the verb and the pointer apart.
TAKE_UP_RE = re.compile(
    r"\b(?:do|run|execute|perform|follow|obey|apply|carry out|act on|repeat|replay|reproduce|replicate|redo|re-?run"
    r"|complete|honou?r|comply with|implement|paste|send|submit|use)\b[^.!?\n]{0,60}?\b(?:above|earlier|it|this|that|these"
    r"|those|them|the (?:quoted|sample|excerpt|example|evidence|quote|quotation|text|instruction|step|block|payload|snippet"
    r"|comment|samples|examples|steps|excerpts|instructions|quotes))\b", re.IGNORECASE)
TAKE_UP_NEGATED_RE = re.compile(r"\b(?:nothing|none|neither)\b", re.IGNORECASE)


def taken_up(after: str) -> bool:
    """Whether a sentence of the text after a quotation (its first describing.ADOPT_READ characters) carries
    the quotation out: a verb of doing and a pointer back at it, unnegated (describing.ADOPT_NEGATED_RE)."""
    for sentence in describing.SENTENCE_STOP_RE.split(describing.QUOTE_MARKER_RE.sub(" ", after[:describing.ADOPT_READ])):
        if TAKE_UP_RE.search(sentence) and not describing.ADOPT_NEGATED_RE.search(sentence) \
                and not TAKE_UP_NEGATED_RE.search(sentence):
            return True
    return False
