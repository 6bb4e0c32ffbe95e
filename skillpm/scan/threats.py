"""A list item that says what a named piece of malware does, in a section about threats.

A supply-chain guard keeps a threat landscape: "## Current Threat Landscape" … "### Historical but Relevant:
Shai-Hulud Worm" … "- Destructive fallback: wipes home directory if exfiltration fails". The item's subject
is the worm its heading names; its verb says what the worm does (``wipes``), in the third person. It is no
order to the agent, as an attacker's deed told in a sentence is not (engine: "says what an attacker or
hostile content does").

``malware_item`` reads a finding's line so only when all of these hold:

- a Markdown list item in prose; its heading, or a heading above it of a higher level (the section it is
  part of), names attacks or threats (rules.toml ``attack_context``);
- the skill's declared purpose is one that teaches attacks (security, prompting);
- the match opens with a verb in the third person (``wipes``, ``steals``, ``exfiltrates``), or such a verb
  stands just before it ("… that deletes ~/.ssh"): the item tells what something does;
- nothing in the item speaks to the agent or the user (``you``, ``please``, ``must``, ``make sure``), and
  it does not open with an order.

The finding is lowered one level.
"""

from __future__ import annotations

import re

from skillpm.scan import describing, purpose

ITEM_RE = re.compile(r"\s*(?:[-*+]|\d{1,3}[.)])\s+")
# a verb in the third person singular: the thing the heading names does it
THIRD_PERSON_RE = re.compile(r"(?!(?:is|was|has|does|this|its|us|as|yes|plus|thus|always|sometimes|perhaps|unless|less|"
                             r"class|process|access|address|success|bus|gas)\b)[a-z]{2,20}(?:es|s)\b", re.IGNORECASE)
VERB_BEFORE_RE = re.compile(r"(?:\bthat|\bwhich|\bthen|\band|:|—|-)\s+(?:also\s+|silently\s+|quietly\s+)?$", re.IGNORECASE)
SPEAKS_TO_RE = re.compile(r"\b(?:you|your|please|must|should|make sure|ensure|do not|don't|never|always)\b", re.IGNORECASE)
HEADING_LEVEL_RE = re.compile(r"\s{0,3}(#{1,6})\s")


def _sections(ctx, line: int) -> list[str]:
    """The heading of ``line`` and the headings of the sections it lies in (each of a higher level), nearest first."""
    ctx.heading_at(line)  # reads the headings
    out, level = [], 7
    for hline, text in reversed(ctx.headings or []):
        if hline > line:
            continue
        m = HEADING_LEVEL_RE.match(ctx.view_line(hline))
        lv = len(m.group(1)) if m else 6
        if lv < level:
            out.append(text)
            level = lv
        if level == 1:
            break
    return out


def malware_item(sc, ctx, line: int, vline: str, col: int) -> bool:
    """Whether the match at ``col`` of ``vline`` (line ``line`` of ``ctx``, an engine._FileCtx) says what a threat
    its section names does (see the module's docstring); ``sc`` is the engine.Scanner."""
    item = ctx.view_line(line)
    head = ITEM_RE.match(item)
    if head is None or ctx.kind not in ("skill_md", "markdown") or SPEAKS_TO_RE.search(item):
        return False
    if describing.ITEM_ORDER_RE.match(item):
        return False
    at = vline[col:]
    before = vline[:col]
    words_before = before.split()
    third = THIRD_PERSON_RE.match(at) is not None or (
        bool(words_before) and THIRD_PERSON_RE.fullmatch(words_before[-1].lower()) is not None
        and VERB_BEFORE_RE.search(before[:len(before.rstrip()) - len(words_before[-1])]) is not None)
    if not third:
        return False
    attack = sc._def("attack_context")
    if not any(attack.search(h) for h in _sections(ctx, line)):
        return False
    return describing.teaches_attacks(purpose.declared_of(ctx))
