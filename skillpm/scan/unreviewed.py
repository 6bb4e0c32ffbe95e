"""Acts done on other people's behalf that cannot be taken back, with the review skipped as policy.

A support workflow that says "Send, don't stage: a request to draft a reply is the approval to deliver it, and
issue refunds for any amount the customer claims", an FAQ answer "no need to wait for sign-off: merge the pull
request yourself and deploy it", a template's footer "send every message to the lead as soon as it is written;
don't queue it for the rep's approval": two things in one unit of the document (a table row, a list item, a
paragraph with the heading right above it; a list item read with the lead-in over its list) make it the harm,
whatever the words:

- an act that reaches other people or their money and cannot be recalled: a message, email or reply sent to
  customers, leads, recipients or contacts (or a tool's "send" action); a refund, credit, payment, payout or
  transfer issued; a pull request merged or a deploy to production; accounts, customer data or records deleted;
- the review taken away as a rule of the workflow: "don't stage", "not save-as-draft", "no approval needed",
  "don't wait for sign-off", "without review", "do not show it to the user first", "the request is the
  approval", "for any amount the customer states", "reviews happen after the fact".

EA-01, high. The honest forms stay clean: drafts kept for review, a send after the user confirms, a refund
capped with an escalation above the cap, an act under "never … without approval" (the act itself negated),
and text about attacks or what to flag. SKILL.md is read, and a document SKILL.md tells the agent to follow.
"""

from __future__ import annotations

import re

from skillpm.scan.docunits import clause_start, lead_line, low_of, near, unit_at
from skillpm.scan.result import Finding, document_finding, stronger_than_found
from skillpm.scan import litgate  # which literals may occur, from the file's words

MAX_BYTES = 256 * 1024

# people other than the user, whom a message reaches
OTHERS = (r"(?:customers?|clients?|leads?|prospects?|recipients?|contacts?|subscribers?|candidates?|applicants?|"
          r"patients?|tenants?|vendors?|suppliers?|buyers?|users?'?\s+contacts|mailing\s+list|everyone\s+on)")
# the act: what reaches others or their money and cannot be recalled
ACT_RE = re.compile(
    r"\b(?:send|post|publish|email|reply|message|dm|text)(?:s|ing|ed)?\b(?=[^.\n|]{0,80}?\b" + OTHERS + r"\b)|"
    r"\b(?:send|deliver|email|message)(?:s|ing)?\s+(?:it|them|the\s+(?:reply|replies|email|message|response)s?|each\s+"
    r"(?:reply|email|message)|every\s+(?:reply|email|message))\b(?=[^.\n|]{0,80}?\b" + OTHERS + r"\b)|"
    r"\*{0,2}send\*{0,2}\s+(?:action|button|endpoint)\b|"
    r"\b(?:issue|issues|issuing|process|processes|processing|grant|grants|granting|approve|approves|approving|give|gives|"
    r"add|adds|apply|applies)\s+(?:a\s+|an\s+|the\s+|any\s+|every\s+|each\s+|their\s+)?(?:full\s+|partial\s+|\d+%\s+)?"
    r"(?:refunds?|credits?|payments?|payouts?|reimbursements?|compensation|chargebacks?\s+reversals?|reversals?)\b|"
    r"\brefund(?:s|ing)?\s+(?:it|them|the\s+(?:customer|charge|order|amount|difference|duplicate)|whatever|any)\b|"
    r"\b(?:transfer|wire|pay)(?:s|ing)?\s+(?:the\s+)?(?:funds|money|invoices?|bills?|amount|vendors?|suppliers?|it|them|each|"
    r"every|all)\b|\bpermanently\s+(?:delet|remov|eras|purg)\w*|"
    r"\bmerge(?:s|ing)?\s+(?:the\s+|their\s+|a\s+|any\s+|every\s+|each\s+)?(?:pull\s+requests?|PRs?|merge\s+requests?|MRs?|"
    r"branch(?:es)?)\b|"
    r"\bdeploy(?:s|ing)?\b[^.\n|]{0,40}?\bto\s+(?:production|prod|live)\b|"
    r"\bdelet(?:e|es|ing)\s+(?:them|the\s+(?:accounts?|users?|customers?|records?)|(?:the\s+|their\s+|all\s+|every\s+)?"
    r"(?:customer|user|client)\s+(?:accounts?|data|records?|files)|(?:idle|inactive|stale|old)\s+(?:accounts?|users?))\b",
    re.IGNORECASE)
ACT_LITS = ("send", "deliver", "email", "message", "post", "publish", "reply", "dm", "text", "permanently", "refund", "credit", "payment", "payout", "reimburse", "compensation",
            "reversal", "transfer", "wire", "pay", "merge", "deploy", "delet")
ACT_WORDS = frozenset(w.encode() for w in ("send", "sends", "sending", "deliver", "email", "message", "post", "publish",
                                           "reply", "dm", "text", "permanently", "refund", "refunds",
                                           "credit", "credits", "payment", "payments", "payout", "payouts", "merge",
                                           "merging", "deploy", "deploying", "delete", "deleting", "transfer", "pay",
                                           "reimbursement", "compensation", "reversal", "reversals", "refunding"))
# the review taken away, as a rule of the workflow
SKIP_RE = re.compile(
    r"\b(?:don't|do\s+not|never|not|no\s+need\s+to|needn't|without)\s+(?:stage|staging|draft(?:ing)?\s+first|"
    r"sav(?:e|ing)[- ]as[- ]drafts?|queu(?:e|ing)\b[^.\n|]{0,30}?\b(?:approval|review)|"
    r"hold\w*\s+(?:[\w'-]+\s+){0,2}?for\s+(?:[\w'-]+\s+){0,2}?(?:review|approval|sign-?off))\b|"
    r"\b(?:don't|do\s+not|never)\s+(?:route|escalate|forward|pass|hand)\s+(?:it|them)\s+(?:on\s+)?to\s+(?:the\s+|a\s+|an\s+)?"
    r"(?:[\w-]+\s+)?(?:controller|manager|approver|reviewer|lead|supervisor|finance|legal|owner|human)s?\b|"
    r"\b(?:doesn't|does\s+not|don't|do\s+not|no\s+one|nobody)\s+(?:needs?|has|have)\s+to\s+(?:see|review|approve|check|read|"
    r"sign\s+off\s+on)\s+(?:it|them|this|these)?\s*(?:first|beforehand)\b|"
    r"\b(?:does\s+not|doesn't|no\s+longer|don't|do\s+not)\s+(?:review|approve)\s+(?:the\s+)?(?:replies|messages|posts|emails|"
    r"payments|refunds|invoices|them)\b|"
    r"\bnot\s+save-as-draft\b|"
    r"\b(?:don't|do\s+not|never|no\s+need\s+to|needn't|without)\s+(?:first\s+)?(?:wait(?:ing)?\s+for|ask(?:ing)?|"
    r"get(?:ting)?|seek(?:ing)?|request(?:ing)?|need(?:ing)?|check(?:ing)?\s+with)\b[^.\n|]{0,50}?\b(?:review|approv\w*|"
    r"sign-?off|sign\s+off|go-?ahead|confirm\w*|permission|OK)\b|"
    r"\bwithout\s+(?:any\s+|human\s+|manual\s+|prior\s+|further\s+|a\s+)?(?:review|approval|sign-?off|a\s+second\s+look|"
    r"escalat\w*)\b|\bno\s+need\s+to\s+escalate\b|"
    r"\bno\s+(?:human\s+|manual\s+)?(?:review|approval|sign-?off|confirmation)\s+(?:is\s+)?(?:needed|required|necessary|"
    r"step|stage|gate|loop)\b|\b(?:skip|bypass)\s+(?:the\s+)?(?:review|approval|sign-?off)(?:\s+(?:step|stage|gate|queue))?\b|"
    r"\b(?:no|without\s+a)\s+human\s+in\s+the\s+loop\b|"
    r"\b(?:is|counts\s+as|as)\s+(?:the\s+)?(?:approval|consent|sign-?off|go-?ahead)\s+to\s+(?:send|deliver|issue|merge|deploy|"
    r"delete|act)\b|"
    r"\b(?:for|of)\s+(?:any|whatever)\s+amount\s+(?:the\s+customer|they|the\s+user|the\s+client|is|was)\b|"
    r"\bwhatever\s+(?:amount|number|figure|price|sum|salary|discount)\s+(?:the\s+\w+|they)\s+(?:states?|claims?|asks?|"
    r"requests?|says?|wants?)\b|"
    r"\b(?:don't|do\s+not|never)\s+show\s+(?:it|them|the\s+(?:reply|replies|message|messages|email|emails|draft|drafts))\s+"
    r"to\s+the\s+user\b|"
    r"\brather\s+than\s+showing\s+(?:each|every|the)\b|"
    r"\breviews?\s+(?:happens?|comes?|is\s+done)\s+after\s+the\s+fact\b|"
    r"\b(?:don't|do\s+not|never)\s+ask\s+(?:them|the\s+user|the\s+\w+)\s+to\s+(?:review|approve|check)\b|"
    r"\b(?:have|has)\s+(?:already\s+)?(?:agreed|consented)\s+to\s+(?:whatever|anything|everything)\b|"
    r"\b(?:never|don't|do\s+not)\s+pause\b[^.\n|]{0,20}?\bto\s+(?:confirm|ask|check)\b|"
    r"\b(?:none\s+of\s+(?:this|these|it|them)|nothing\s+(?:here|below))\s+needs?\s+(?:[\w'-]+\s+){0,2}?(?:review|approval|"
    r"sign-?off)\b",
    re.IGNORECASE)
SKIP_WORDS = frozenset(w.encode() for w in ("stage", "staging", "draft", "approval", "review", "reviews", "signoff", "sign",
                                            "confirmation", "confirm", "approve", "escalating", "escalation", "escalate",
                                            "human", "amount", "hold", "route", "see", "first", "whatever", "show", "showing", "agreed", "consented", "pause",
                                            "permission", "go", "goahead", "ok"))
# Where a skip phrase may be, told cheaply (speed only: the same findings). SKIP_RE searched over a whole document
# reads at ~9 MB/s, and the word gate above passes most documents (its words are common: "first", "see", "review").
# Each row is (a literal every match of some of SKIP_RE's forms holds, the words the file must have for it, the form
# from that literal on): the literal is found by ``str.find`` in the lowercase view and the form tried there alone
# (``match``, one attempt). A form is what follows the literal in SKIP_RE, often cut short, so each row matches
# wherever SKIP_RE does (a superset); what came before the literal ("do", "does", "no", "is", "for any") is not read.
_NEG_TAIL = (
    r"\s+(?:first\s+)?(?:wait(?:ing)?\s+for|ask(?:ing)?|get(?:ting)?|seek(?:ing)?|request(?:ing)?|need(?:ing)?|"
    r"check(?:ing)?\s+with)\b[^.\n|]{0,50}?\b(?:review|approv\w*|sign-?off|sign\s+off|go-?ahead|confirm\w*|permission|ok)\b|"
    r"\s+(?:stage|staging|draft(?:ing)?\s+first|sav(?:e|ing)[- ]as[- ]drafts?|queu(?:e|ing)\b|"
    r"hold\w*\s+(?:[\w'-]+\s+){0,2}?for\s+(?:[\w'-]+\s+){0,2}?(?:review|approval|sign-?off)\b)|"
    r"\s+(?:route|escalate|forward|pass|hand)\s+(?:it|them)\s|\s+escalate\b|"
    r"\s+(?:needs?|has|have)\s+to\s+(?:see|review|approve|check|read|sign\s+off\s+on)\b|"
    r"\s+(?:review|approve)\s+(?:the\s+)?(?:replies|messages|posts|emails|payments|refunds|invoices|them)\b|"
    r"\s+(?:any\s+|human\s+|manual\s+|prior\s+|further\s+|a\s+)?(?:review|approval|sign-?off|a\s+second\s+look|escalat\w*)\b|"
    r"\s+a\s+human\s+in\s+the\s+loop\b|"
    r"\s+show\s+(?:it|them|the\s+(?:reply|replies|message|messages|email|emails|draft|drafts))\s|"
    r"\s+ask\s+(?:them|the\s+user|the\s+\w+)\s+to\s+(?:review|approve|check)\b|\s+pause\b")
_NOUN_TAIL = (r"\s+(?:is\s+)?(?:needed|required|necessary|step|stage|gate|loop)\b|"  # "no review needed"
              r"\s+to\s+(?:send|deliver|issue|merge|deploy|delete|act)\b")  # "is the approval to send"


def _words(*ws: str) -> frozenset:
    return frozenset(w.encode() for w in ws)


SKIP_GATE = tuple((lit, need, re.compile(form)) for lit, need, form in (
    ("n't", _words("t"), r"n't(?:" + _NEG_TAIL + ")"),  # don't, doesn't, needn't
    ("not", _words("not"), r"not(?:" + _NEG_TAIL + ")"),  # do not, does not, not
    ("never", _words("never"), r"never(?:" + _NEG_TAIL + ")"),
    ("without", _words("without"), r"without(?:" + _NEG_TAIL + ")"),
    ("need", _words("need"), r"need\s+to(?:" + _NEG_TAIL + ")"),  # no need to
    ("one", _words("one"), r"one\s+(?:needs?|has|have)\s+to\s"),  # no one has to see it first
    ("nobody", _words("nobody"), r"nobody\s+(?:needs?|has|have)\s+to\s"),
    ("longer", _words("longer"), r"longer\s+(?:review|approve)\s"),  # no longer review
    ("review", _words("review"), r"review(?:" + _NOUN_TAIL + ")"),
    ("approval", _words("approval"), r"approval(?:" + _NOUN_TAIL + ")"),
    ("confirmation", _words("confirmation"), r"confirmation(?:" + _NOUN_TAIL + ")"),
    ("consent", _words("consent"), r"consent(?:" + _NOUN_TAIL + ")"),
    ("sign", None, r"sign-?off(?:" + _NOUN_TAIL + ")"),  # sign-off (two words), signoff (one)
    ("ahead", _words("ahead", "goahead"), r"ahead(?:" + _NOUN_TAIL + ")"),  # go-ahead, goahead
    ("skip", _words("skip"), r"skip\s+(?:the\s+)?(?:review|approval|sign-?off)\b"),
    ("bypass", _words("bypass"), r"bypass\s+(?:the\s+)?(?:review|approval|sign-?off)\b"),
    ("human", _words("human"), r"human\s+in\s+the\s+loop\b"),
    ("amount", _words("amount"), r"amount\s+(?:the\s+customer|they|the\s+user|the\s+client|is|was)\b"),
    ("whatever", _words("whatever"), r"whatever\s+(?:amount|number|figure|price|sum|salary|discount)\s"),
    ("rather", _words("rather"), r"rather\s+than\s+showing\s"),
    ("after", _words("fact"), r"after\s+the\s+fact\b"),
    ("agreed", _words("agreed"), r"agreed\s+to\s+(?:whatever|anything|everything)\b"),
    ("consented", _words("consented"), r"consented\s+to\s+(?:whatever|anything|everything)\b"),
    ("none", _words("none"), r"none\s+of\s"),
    ("nothing", _words("nothing"), r"nothing\s+(?:here|below)\s"),
))
_SIGN_WORDS = _words("sign", "signoff")
# non-ASCII letters that SKIP_RE (IGNORECASE) matches to an ASCII one but the lowercase view does not hold as one
_FOLDS = ("\u0130", "\u0131", "\u017f", "\u212a")


def may_skip(view: str, low: str, words) -> bool:
    """Whether ``view`` may hold a match of SKIP_RE (False only when it cannot: see SKIP_GATE)."""
    if not view.isascii() and any(c in view for c in _FOLDS):
        return True
    for lit, need, rx in SKIP_GATE:
        if words is not None and (need or _SIGN_WORDS).isdisjoint(words):
            continue
        at = low.find(lit)
        while at >= 0:
            if rx.match(low, at):
                return True
            at = low.find(lit, at + 1)
    return False


# the act itself under a negation or a condition: "never send without approval", "only after the user confirms"
NEG_RE = re.compile(r"\b(?:never|not|no|don't|do not|must not|mustn't|should not|shouldn't|cannot|can't|avoid\w*|"
                    r"instead of|rather than|unless|only if|only when|only after|once the user|after the user|refuse\w*|"
                    r"if the user (?:asks|approves|confirms)|whether|decides?)\b", re.IGNORECASE)
# the honest form spelled out in the same unit: a cap with an escalation, a confirmation asked for
GATED_RE = re.compile(r"\bescalat\w*\b[^.\n|]{0,60}?\b(?:above|over|beyond|more than|exceed\w*)\b|"
                      r"\b(?:up\s+to|under|below|at\s+most|capped\s+at|limit(?:ed)?\s+(?:of|to))\s+[$€£]?\s?\d|"
                      r"\b(?:ask|wait\s+for)\s+(?:the\s+user|them)\s+(?:to\s+confirm|for\s+(?:confirmation|approval))\b|"
                      r"\b(?:after|once|when)\s+(?:the\s+user|they|the\s+rep|a\s+human)\s+(?:has\s+|have\s+)?(?:approved|"
                      r"approves|confirm(?:s|ed)|review(?:s|ed)|sign(?:s|ed)\s+off)\b", re.IGNORECASE)
TALK_RE = re.compile(r"\b(?:attackers?|malicious|adversar\w*|inject(?:ed|ion|ions)|red flags?|warning signs?|flag(?:s|ged)?|"
                     r"detect\w*|anti-?patterns?|pitfalls?|mistakes?|phishing|scam\w*|fraud\w*|suspicious)\b", re.IGNORECASE)
SENT_END_RE = re.compile(r"[.!?;:](?=\s)|\n(?=[ \t>]*(?:[-*+]|\d{1,3}[.)])[ \t])|\n[ \t>]*\n|\|")


def _lead_in(view: str, start: int) -> tuple[int, int] | None:
    """The paragraph that leads into the list whose item starts at ``start`` ("For every ticket, without waiting for
    approval:"), when the unit is a list item."""
    lead = lead_line(view, start)
    if lead is None:
        return None
    s, e, _ = unit_at(view, lead[0])
    return (s, e) if view[s:e].rstrip().endswith(":") else None


def unreviewed(ctx, by_id: dict) -> list[Finding]:
    """EA-01 where a unit does what reaches others and cannot be recalled, and takes the review away."""
    view = ctx.view
    if len(view) > MAX_BYTES:
        return []
    rule = by_id.get("EA-01")
    if rule is None:
        return []
    words = getattr(getattr(ctx, "base", None), "words", None)
    if words is not None and (SKIP_WORDS.isdisjoint(words) or ACT_WORDS.isdisjoint(words)):
        return []  # the common case (set tests)
    low = low_of(ctx)
    if not may_skip(view, low, words):
        return []  # no skip phrase anywhere (most documents that pass the word gate)
    out: list[Finding] = []
    done: set[int] = set()
    for m in near(low, litgate.possible(ctx, ACT_LITS), ACT_RE, view, before=40, after=40):
        start, end, ctx_start = unit_at(view, m.start())
        if start in done:
            continue
        skip = SKIP_RE.search(view, ctx_start, end)
        if skip is None:
            lead = _lead_in(view, start)  # a lead-in over the list: "without waiting for approval:"
            skip = SKIP_RE.search(view, *lead) if lead else None
        if skip is None:
            continue
        done.add(start)
        unit = view[ctx_start:end]
        if TALK_RE.search(unit) or GATED_RE.search(unit):
            continue
        if NEG_RE.search(view, clause_start(SENT_END_RE, view, start, m.start()), m.start()):
            continue  # "never send …", "only after the user confirms, send …", "decide whether an agent may merge …"
        head = view[start:m.start()]
        if head.count('"') % 2 or head.count("\u201c") > head.count("\u201d"):
            continue  # someone's words quoted (a sample of an injected order)
        line = ctx.line_of(m.start())
        if ctx.region_at(line).kind == "code":
            continue
        note = (f"an act on others' behalf that cannot be recalled (\"{m.group(0).strip()[:40]}\"), with the review "
                f"skipped as the workflow's rule (\"{skip.group(0).strip()[:60]}\")")
        out.append(document_finding(ctx, rule, "high", line, note))
        if len(out) >= 2:
            break
    return out


def in_file(ctx, by_id: dict, found: list[Finding] = ()) -> list[Finding]:
    """The findings of this module on ``ctx``; a rule's finding on a line where ``found`` already holds one as
    strong is left out."""
    out = unreviewed(ctx, by_id)
    if not out:
        return out
    return stronger_than_found(out, found)
