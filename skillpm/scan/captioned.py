"""Decoded text of an attack example that a security document captions and never runs.

A blob's decoded text takes no reading from its context (engine._blobs): hidden from the reader, it
describes nothing to them, and a wrapper around it is one anyone can write. One wrapper is no cover
but the point of the text: a threat model that shows "the obfuscated payload" (a fenced block with
``_c = "aW1wb3J0IG9z…"`` and ``exec(base64.b64decode(_c))``) spells the payload encoded because the
encoding is the attack it teaches; its visible lines are read as a security document's description
already, and the decoded text is the same example one step further.

``decoded_example`` lets the decoded text inherit that description only where nothing can run it and
nothing tells the agent to:

- a Markdown document other than SKILL.md (not what the agent follows), that SKILL.md does not tell the
  agent to follow, not itself decoded from hidden text; never a script or a data file;
- in a fenced block under a heading, a caption line just above it, or the block's own opening comment
  that names an attack ("Pattern 2: The Obfuscated Payload", "Example of a malicious loader:");
- in a skill whose declared purpose is one that teaches attacks (security, prompting);
- with no order to run, paste or decode the block in the lines around it ("Run this block to …").

The decoded findings are lowered as a visible command in the same block is: one level for the
description, one more in references/, docs/, examples/ or tests/ (finalize lowers no decoded text for its
place); the blob's own HT-04 stays. ``restore_ordered`` puts them back when SKILL.md tells the agent to
run, paste or decode what the document holds ("run the example in references/threat-model.md").
"""

from __future__ import annotations

import re

from skillpm.scan import describing, purpose
from skillpm.scan.result import is_lowered_location, lower_one
from skillpm.scan.rules import RANK

AROUND = 3  # lines read above a block's fence and below its closing fence
# an order to run, paste or decode the block (or a part of it): then it is a block the agent is told to run
RUN_ORDER_RE = re.compile(
    r"\b(?:run|execute|paste|apply|source|eval|launch|try|decode|pipe|install)\b(?:\s+(?:it|this|that|these|them|the\s+"
    r"(?:above|following|block|code|snippet|example|script|commands?|payload|string|blob|value)s?|(?:the\s+)?(?:block|snippet|"
    r"code|example|commands?)\s+(?:above|below))\b|[^.\n]{0,60}:\s*$)", re.IGNORECASE | re.MULTILINE)
NOTE = "lowered: decoded from an attack example its security document captions and never runs"
FENCE_RE = re.compile(r"\s*(?:```|~~~)")


def decoded_example(sc, ctx, line: int) -> bool:
    """Whether a blob decoded at ``line`` of ``ctx`` (an engine._FileCtx) lies in an attack example its
    security document captions and never runs (see the module's docstring); ``sc`` is the engine.Scanner."""
    if ctx.kind != "markdown" or ctx.hidden or ctx.followed or ctx.follow_intents:
        return False
    region = ctx.region_at(line)
    if region.kind != "code":
        return False
    first = region.first if FENCE_RE.match(ctx.view_line(region.first)) else region.first - 1
    if first < 1 or not FENCE_RE.match(ctx.view_line(first)):
        return False
    last = line + 1
    while last - line < 400 and ctx.view_line(last) and not FENCE_RE.match(ctx.view_line(last)):
        last += 1
    above = "\n".join(ctx.view_line(n) for n in range(max(1, first - AROUND), first))
    below = "\n".join(ctx.view_line(n) for n in range(last + 1, last + 1 + AROUND))
    if RUN_ORDER_RE.search(above) or RUN_ORDER_RE.search(below):
        return False
    attack = sc._def("attack_context")
    opening = next((t for t in (ctx.view_line(n) for n in range(first + 1, line)) if t.strip()), "")
    caption = ctx.heading_at(line) + "\n" + (above.strip().rsplit("\n", 1)[-1] if above.strip() else "")
    if not (attack.search(caption) or opening.lstrip().startswith(("#", "//")) and attack.search(opening)):
        return False
    return describing.teaches_attacks(purpose.declared_of(ctx))


WAS_RE = re.compile(r"(?:; )?" + re.escape(NOTE) + r" \(was (\w+)\)")
# a sentence of SKILL.md that tells the agent to run, paste or decode something of a named document
SKILL_RUN_RE = re.compile(r"\b(?:run|execute|paste|source|eval|decode|try|launch|copy)\b[^.!?\n]{0,120}$", re.IGNORECASE)


def lowered(inner: list, path: str) -> None:
    """Lower the findings of a decoded example (``decoded_example``) as the visible lines of its block are."""
    for f in inner:
        if RANK[f.severity] > RANK["low"]:
            before = f.severity
            f.severity = lower_one(f.severity)
            if is_lowered_location(path) and RANK[f.severity] > RANK["low"]:
                f.severity = lower_one(f.severity)
            f.note = (f.note + "; " if f.note else "") + f"{NOTE} (was {before})"


def restore_ordered(files: dict[str, bytes], findings: list) -> None:
    """Put back the decoded examples' findings of a document SKILL.md names in a sentence that tells the
    agent to run, paste or decode something (the example is then a block the agent is told to run)."""
    marked = [f for f in findings if f.note and NOTE in f.note]
    if not marked:
        return
    skill_md = next((p for p in files if p.lower() == "skill.md"), None)
    text = files[skill_md].decode("utf-8", "replace") if skill_md else ""
    ordered = set()
    for path in {f.file for f in marked}:
        name = path.rsplit("/", 1)[-1]
        pos = text.find(name)
        while pos >= 0 and path not in ordered:
            start = max(text.rfind(". ", 0, pos), text.rfind("\n\n", 0, pos), 0)
            if SKILL_RUN_RE.search(text, start, pos):
                ordered.add(path)
            pos = text.find(name, pos + 1)
    for f in marked:
        m = WAS_RE.search(f.note)
        if f.file in ordered and m is not None:
            f.severity, f.note = m.group(1), (f.note[:m.start()] + "; put back: SKILL.md tells the agent to run what "
                                              + f.file + " holds" + f.note[m.end():]).lstrip("; ")
