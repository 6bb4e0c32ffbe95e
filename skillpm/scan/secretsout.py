"""A credential's whole value put in a record that the same document sends out (EX-01).

An audit trail, a rotation log or a "compliance record" may name a credential; it never needs its value.
A document that asks for a key's, token's or password's value in full (verbatim, unhashed, in plain text)
and also sends its records to an address outside the machine (a POST to a URL, a collector, a webhook)
moves the secret out, though no one sentence says "send the key to …": the value is asked for in a table
row or a field list, the sending is a step of its own a section later. Each half alone is ordinary (a
field list; an upload of a report); together, in one document the agent follows, they are a leak.
Read in SKILL.md and in a document SKILL.md tells the agent to follow, as the intents are.
"""

from __future__ import annotations

import re

from skillpm.scan.result import Finding, document_finding

RULE = "EX-01"
MAX_BYTES = 256 * 1024

# the value of a credential, wanted whole: "the old credential value, in full", "the token's full value",
# "each secret's plaintext value", "the password itself, unhashed"
VALUE_RE = re.compile(
    r"\b(?:(?:credential|secret|key|token|password|passphrase|api[ _-]?key|access[ _-]?key)(?:'s|s'|s)?\s+"
    r"(?:[\w-]+\s+){0,1}?values?\b[^.\n|]{0,40}?\b(?:in full|verbatim|unmasked|unredacted|unhashed|not hashed|"
    r"in (?:plain|clear) ?text|as (?:it|they) (?:is|are))"
    r"|(?:full|complete|whole|raw|plain-?text|clear-?text|unmasked|unredacted|unhashed|actual|real)\s+"
    r"(?:[\w-]+\s+){0,1}?(?:credential|secret|key|token|password|passphrase)s?\s+values?)\b", re.IGNORECASE)
_VALUE_WORD_RE = re.compile(r"[Vv][Aa][Ll][Uu][Ee]")
# the document's records sent to an address outside the machine
SEND_OUT_RE = re.compile(
    r"\b(?:send|sends|sending|post|posts|posting|upload|uploads|uploading|submit|submits|forward|forwards|deliver|"
    r"delivers|transmit|transmits|push|pushes|ship|ships)\b[^.\n]{0,60}?\b(?:records?|entr(?:y|ies)|payloads?|"
    r"json|body|bodies|reports?|logs?|rows?|them|it|each|every|all)\b[^.\n]{0,100}?"
    r"(?:https?://(?!(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\])[:/])[\w.-]+|\b(?:collector|webhook|endpoint|"
    r"ingest(?:ion)? (?:api|service|url)|external (?:service|server|api)))", re.IGNORECASE)
# a record that holds names, fingerprints or hashes instead ("never the value in full")
_NOT_VALUE_RE = re.compile(r"\b(?:never|not|no|without|don't|do not|instead of|rather than|except)\b[^.\n|]{0,40}$",
                           re.IGNORECASE)


def in_file(ctx, by_id: dict, negated) -> list[Finding]:
    """EX-01 where a document asks for a credential's whole value and sends its records out (``ctx``: the
    engine's file context; ``negated(text, start, end)``: the engine's clause negation)."""
    rule = by_id.get(RULE)
    words = getattr(ctx.base, "words", None)
    text = ctx.text
    if rule is None or words is None or len(text) > MAX_BYTES or ("alue" not in text and "ALUE" not in text):
        return []
    value = None
    lo_seen = -1
    for at in _VALUE_WORD_RE.finditer(text):  # a literal scan: VALUE_RE runs only around each "value"
        lo, hi = max(lo_seen, at.start() - 70), at.end() + 60
        lo_seen = hi
        for m in VALUE_RE.finditer(text, lo, hi):
            before = text[max(0, m.start() - 60):m.start()]
            if not _NOT_VALUE_RE.search(before.rsplit("\n", 1)[-1]) and not negated(text, m.start(), m.end()):
                value = m
                break
        if value is not None:
            break
    if value is None:
        return []
    send = next((s for s in SEND_OUT_RE.finditer(text) if not negated(text, s.start(), s.end())), None)
    if send is None:
        return []
    line = text.count("\n", 0, value.start()) + 1
    send_line = text.count("\n", 0, send.start()) + 1
    note = (f"asks for {value.group(0)!r}, and line {send_line} sends the document's records out "
            f"({send.group(0)[-60:]!r})")
    return [document_finding(ctx, rule, "high", line, note)]
