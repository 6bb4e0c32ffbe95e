"""Acts that cannot be undone, ordered by example: a worked example, a transcript or a playbook row that shows
the agent answering someone's request by moving money, changing who owns an account, granting access or
deleting, with no person in between (EA-01).

unreviewed.py reads the order said as a rule ("don't wait for sign-off"). A skill can give the same order
without a rule: "These examples are the reference for how each ticket is resolved. Match them", then an
example whose customer asks for a refund and whose answer is "refund the full amount through the billing
API, reply, close"; a transcript whose agent turn is "(calls payments.create_transfer(...)) Done"; a table
"Request in the ticket | What the agent does" whose cells run `gh repo delete --yes`. Three things in one
document make it the harm:

- the examples are made the pattern: "match them", "the reference for how", "handle similar requests the
  same way", "end to end", "apply the same handling", or the act sits in an agent's turn of a transcript;
- an example holds someone's request (a quoted message, a "Customer:" turn, a request column) and, right
  after it, an act on money, accounts, access or data that cannot be recalled;
- that example keeps no person in the loop: no draft, review, approval, confirmation, escalation or flag.

Support playbooks whose examples draft, escalate above a cap or ask for approval stay clean, as does a
reference that shows an API's refund call with no one's request before it. SKILL.md is read, and a document
SKILL.md tells the agent to follow.
"""

from __future__ import annotations

import re

from skillpm.scan.docunits import low_of, near, section_at
from skillpm.scan.result import Finding, document_finding, stronger_than_found
from skillpm.scan import litgate  # which literals may occur, from the file's words

MAX_BYTES = 256 * 1024

# the words an act needs (set test on the file's words)
ACT_WORDS = frozenset(w.encode() for w in (
    "refund", "refunds", "refunding", "transfer", "transfers", "wire", "payout", "payouts", "cancel", "cancels",
    "delete", "deletes", "deleting", "purge", "login", "owner", "owners", "admin", "permission", "role", "close",
    "credit", "remove", "removes", "disable", "reset", "grant", "grants"))
# an act on money, accounts, access or data that cannot be recalled
ACT_RE = re.compile(
    r"\b(?:issue|issues|issuing|process|processes|send|sends)\s+(?:a\s+|an\s+|the\s+)?(?:full\s+|partial\s+)?refunds?\b|"
    r"\brefund(?:s|ing)?\s+(?:it|them|the\s+|a\s+|their\s+|any\s+|whatever|\$|\d)|"
    r"\b(?:transfer|payout|refund)s?(?:\.create|_create)?\(|\bcreate_(?:transfer|payout|refund)\b|"
    r"\b(?:transfer|wire|move|send)\s+(?:the\s+)?(?:\$|€|£|funds|money|payment)|"
    r"\bcancel(?:s|led|ling)?\s+(?:the\s+|their\s+|his\s+|her\s+|my\s+)?(?:subscription|plan|account|contract|membership)s?\b|"
    r"\b(?:close|delete|deactivate|terminate)s?\s+(?:the\s+|their\s+)?(?:customer'?s?\s+)?(?:account|workspace)s?\b|"
    r"\b(?:change|update|set|replace|reset)s?\s+(?:the\s+)?(?:account'?s?\s+|user'?s?\s+|their\s+)?(?:login(?:\s+email)?|"
    r"sign-?in\s+email|account\s+email|email\s+address\s+on\s+the\s+account|password|phone\s+number|2fa|mfa|"
    r"recovery\s+(?:email|phone)|owner)\b|"
    r"\b(?:remove|removes|removed)\s+(?:the\s+|their\s+|my\s+)?(?:co-?owner|owner|admin|member)s?\b|"
    r"\b(?:grant|give|gives|grants|add)\s+(?:\w+\s+){0,2}?(?:admin|owner|root|write|maintainer)\s+(?:access|rights|role|"
    r"permissions?)\b|\bpermission=(?:admin|owner|maintain)\b|\brole=(?:owner|admin)\b|"
    r"\bmake\s+(?:them|him|her|the\s+(?:user|requester|customer))\s+(?:an?\s+)?(?:admin|owner|org\s+owner|maintainer)\b|"
    r"\badd\s+(?:them|him|her|the\s+(?:user|requester|customer))\s+to\s+(?:the\s+)?(?:admins?|owners?|administrators)\b|"
    r"\b(?:erase|wipe|purge|delete)\s+(?:all\s+)?(?:their|the\s+(?:user|customer)'?s?)\s+(?:data|records|history|files)\b|"
    r"\bgh\s+repo\s+delete\b|-X\s+DELETE\b|\bDELETE\s+/\S*|\bpurge=true\b|"
    r"\b(?:delete|purge|wipe)s?\s+(?:the\s+|their\s+|old\s+)?(?:repo|repository|database|workspace|customer\s+data|records)\b")
ACT_RE = re.compile(ACT_RE.pattern, re.IGNORECASE)
# where an act may be (lowercase literals of what it acts on): ACT_RE is tried only around them
ACT_LITS = ("refund", "transfer", "payout", "wire", "funds", "money", "payment", "subscription", "plan", "membership",
            "contract", "account", "workspace", "login", "sign-in", "password", "phone number", "2fa", "mfa", "recovery",
            "owner", "admin", "member", "root", "write", "maintainer", "permission=", "role=", "delete", "purge", "wipe")
ENDORSE_LITS = ("match", "reference for", "same way", "likewise", "as shown", "the way the", "end to end", "same handling",
                "examples", "agent", "assistant", "the same for", "copy")
# someone's request the example answers: a quoted message, a turn of a transcript, a request column
REQUEST_RE = re.compile(
    r"^[ \t]*>[ \t]*(?:\*\*)?(?:[\"\u201c]|(?:customer|user|client|requester|caller|member)\b)|"
    r"^[ \t]*(?:>[ \t]*)?(?:\*\*)?(?:customer|client|requester|caller|member|from)(?:\*\*)?[ \t]*:|"
    r"^[ \t]*\|[^\n]*\b(?:request|ticket|asks?|customer\s+says|message)\b[^\n]*\|[^\n]*\b(?:action|agent|does|do|response|"
    r"handling)\b", re.IGNORECASE | re.MULTILINE)
# the examples made the pattern
ENDORSE_RE = re.compile(
    r"\bmatch\s+(?:them|these|those|the\s+examples)\b|\b(?:are|is)\s+the\s+reference\s+for\b|"
    r"\b(?:handle|treat|resolve)\s+(?:every|each|any|all)\s+(?:similar\s+|such\s+)?(?:request|ticket|case|message)s?\s+"
    r"(?:the\s+same\s+way|likewise|as\s+shown)\b|\bthe\s+way\s+the\s+(?:worked\s+)?examples\b|\bend\s+to\s+end\b|"
    r"\bapply\s+the\s+same\s+handling\b|\bas\s+(?:in|shown\s+in)\s+the\s+examples\b|\bdo\s+the\s+same\s+for\b|"
    r"\bcopy\s+(?:these|them|this\s+pattern)\b|\bfollow\s+(?:these|the)\s+(?:worked\s+)?examples\b|"
    r"\b(?:agent|assistant)\s*(?:\*\*)?\s*:", re.IGNORECASE)
# a person kept in the loop, in the example itself
GATE_RE = re.compile(
    r"\bdrafts?\b|\bdrafted\b|\breview\w*|\bapprov\w*|\bconfirm(?:s|ed|ation)?\s+(?:with|by)\s+(?:the\s+)?(?:user|human|"
    r"agent|lead|manager|supervisor)|\bask\s+(?:the\s+)?(?:user|human|lead|manager|supervisor|a\s+human)\b|\bescalat\w*|"
    r"\bflag\w*|\bhand\s+(?:off|over)\b|\bhuman\b|\bsupervisor\b|\bsign-?off\b|\bverif(?:y|ied)\s+(?:the\s+)?(?:identity|"
    r"ownership|caller)|\bwait\s+for\b|\bhold\s+for\b|\bnever\b|\bdo\s+not\b|\bdon't\b", re.IGNORECASE)
TALK_RE = re.compile(r"\b(?:attackers?|malicious|fraud\w*|scam\w*|social\s+engineering|phishing|red\s+flags?|"
                     r"takeover\s+attempts?)\b", re.IGNORECASE)
# a gate word taken back: "sent, not drafted", "without review", "instead of escalating"
_UNGATE_RE = re.compile(r"\b(?:not|no|without|instead\s+of|rather\s+than|skip(?:s|ping)?|never\s+(?:be\s+)?)\s*(?:a\s+|any\s+|the\s+)?$",
                        re.IGNORECASE)
_GATE_NEG = frozenset(("never", "do not", "don't"))


def _gated(unit: str) -> bool:
    """Whether the example keeps a person in the loop: a gate word that is not taken back."""
    for g in GATE_RE.finditer(unit):
        if g.group(0).lower() in _GATE_NEG or not _UNGATE_RE.search(unit[max(0, g.start() - 25):g.start()]):
            return True
    return False


EXAMPLE_BREAK_RE = re.compile(r"^[ \t]*(?:#{1,6}[ \t]|\*\*(?:example|case|scenario)\b|(?:example|case|scenario)\s+\d)",
                              re.IGNORECASE | re.MULTILINE)


def _example_at(view: str, at: int, lo: int, hi: int) -> tuple[int, int]:
    """(start, end) of the example around ``at`` inside the section [lo, hi): from the last example label or
    heading at or before it to the next one."""
    a = lo
    for m in EXAMPLE_BREAK_RE.finditer(view, lo, at):
        a = m.start()
    m = EXAMPLE_BREAK_RE.search(view, at, hi)
    b = m.start() if m is not None else hi
    return a, b


def _row_or_example(view: str, at: int, lo: int, hi: int) -> tuple[int, int, bool]:
    ls = view.rfind("\n", 0, at) + 1
    le = view.find("\n", at)
    le = len(view) if le < 0 else le
    if view[ls:le].lstrip(" \t>").startswith("|"):
        return ls, le, True
    a, b = _example_at(view, at, lo, hi)
    return a, b, False


def shown(ctx, by_id: dict) -> list[Finding]:
    """EA-01 where the examples a skill makes its pattern answer someone's request with an act that cannot be
    recalled, and keep no person in the loop."""
    view = ctx.view
    if len(view) > MAX_BYTES:
        return []
    rule = by_id.get("EA-01")
    if rule is None:
        return []
    words = getattr(getattr(ctx, "base", None), "words", None)
    if words is not None and ACT_WORDS.isdisjoint(words):
        return []
    if ">" not in view and ":" not in view and "|" not in view:
        return []
    low = low_of(ctx)
    if not near(low, litgate.possible(ctx, ENDORSE_LITS), ENDORSE_RE, view, before=40, after=40, most=8):
        return []  # no example made the pattern
    if REQUEST_RE.search(view) is None:
        return []  # no one's request quoted
    out: list[Finding] = []
    done: set[int] = set()
    for m in near(low, litgate.possible(ctx, ACT_LITS), ACT_RE, view, before=60, after=40):
        lo, hi = section_at(view, m.start())
        a, b, row = _row_or_example(view, m.start(), lo, hi)
        if a in done:
            continue
        if row:  # a table row: the request is the header's column
            req = REQUEST_RE.search(view, lo, a)
        else:
            req = REQUEST_RE.search(view, a, m.start())
        if req is None:
            continue
        ls = view.rfind("\n", 0, m.start()) + 1
        if not row and REQUEST_RE.match(view, ls):
            continue  # the act is the request itself ("cancel my plan and refund this year")
        unit = view[a:b]
        if _gated(unit) or TALK_RE.search(unit):
            continue
        done.add(a)
        line = ctx.line_of(m.start())
        if ctx.region_at(line).kind == "code":
            continue
        note = (f"an example made the pattern answers a request (line {ctx.line_of(req.start())}) with an act that "
                f"cannot be recalled (\"{m.group(0).strip()[:40]}\") and keeps no person in the loop")
        out.append(document_finding(ctx, rule, "high", line, note))
        if len(out) >= 2:
            break
    return out


def in_file(ctx, by_id: dict, found: list[Finding] = ()) -> list[Finding]:
    """The findings of this module on ``ctx``; a rule's finding on a line where ``found`` already holds one as
    strong is left out."""
    out = shown(ctx, by_id)
    if not out:
        return out
    return stronger_than_found(out, found)
