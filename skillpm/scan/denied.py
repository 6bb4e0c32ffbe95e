"""What the agent is told to do when a control says no: a refusal answered by force.

A push the server rejects, a call the cluster forbids, an upload a bucket policy denies: each is a
control doing its job. A troubleshooting answer, an FAQ entry, a decision table's action cell or a
step that meets such a refusal by overriding the control (push again with ``--force``, delete the
branch protection or the server hook, retry as another identity with ``--as=`` or a break-glass
credential, remove the policy that denied it) orders the agent past the one check that stopped it,
whatever the words around it. Read by where it sits: the refusal and the override in one unit of the
document (a paragraph, a list item, a table row, or a heading with the paragraph right under it).

A force push answers with destruction (DX-05, the remote's history overwritten); the rest take the
control or the identity away (PE-05). The override must be an order: a negated clause ("never use
``--force``"), a question put to the user ("ask whether to force-push"), ``--force-with-lease`` and a
unit that talks about attackers or what to flag stay clean. SKILL.md is read, and a document SKILL.md
tells the agent to follow (one level up, as the other readers are).
"""

from __future__ import annotations

import re

from skillpm.scan import litgate  # which literals may occur, from the file's words
from skillpm.scan.docunits import HEADING_RE, clause_start, line_at, low_of, near, unit_at
from skillpm.scan.result import Finding, document_finding, stronger_than_found

MAX_BYTES = 256 * 1024

# the refusal: a control said no (the server, the cluster, the cloud, a hook)
DENY_RE = re.compile(
    r"\b(?:reject(?:s|ed|ion)?|declin(?:es|ed)|denied|forbidden|403|"
    # "Unauthorized" the answer (a 401), not the adjective of a warning ("unauthorized bypassing … may violate laws")
    r"unauthori[sz]ed(?!\s+(?:\w+ing|access|use|users?|parties|party|actors?|changes?|personnel|copies|code|software|activit(?:y|ies))\b)|"
    r"accessdenied|authorizationfailed|"
    r"non-fast-forward|protected branch|insufficient[ _](?:scope|permissions?|privileges?)|"
    r"lacks?\s+(?:the\s+)?(?:permissions?|rights|access|privileges?)|"
    r"not\s+(?:allowed|permitted|authori[sz]ed)\s+to|"
    r"(?:is|are)\s+blocking|blocked\s+by)\b", re.IGNORECASE)
DENY_LOW_RE = re.compile(DENY_RE.pattern)  # on the lowercase text (its words are all lowercase): no IGNORECASE scan
# words of the file that any override needs (one of them; "--as=" is looked for as a string: "as" is in every file)
OVERRIDE_GATE = frozenset(w.encode() for w in (
    "force", "f", "protection", "protections", "rulesets", "ruleset", "checks", "check", "receive", "hook", "hooks",
    "policy", "policies", "lock", "block", "rules", "restrictions", "controller", "webhook", "webhooks", "security",
    "unprotect", "verify", "impersonate", "impersonating", "impersonation", "glass", "breakglass", "masters",
    "kubeconfig", "admin"))
DENY_LITS = ("reject", "declin", "denied", "forbidden", "403", "unauthori", "authorizationfailed", "non-fast-forward",
             "protected branch", "insufficient", "lack", "not allowed", "not permitted", "not authori", "blocking",
             "blocked by")
# words of the file that any refusal needs (one of them)
DENY_GATE = frozenset(w.encode() for w in (
    "reject", "rejects", "rejected", "rejection", "declines", "declined", "denied", "forbidden", "403", "unauthorized",
    "unauthorised", "accessdenied", "authorizationfailed", "protected", "insufficient", "lacks", "lack", "permitted",
    "authorized", "authorised", "blocking", "blocked"))

# the override, by what it does: (kind, pattern)
FORCE = r"(?<![\w-])--force(?![\w-])|\bpush\s+-f\b|\bforce[- ]push(?:es|ed|ing)?\b|\bpush(?:es|ed|ing)?\s+(?:it\s+)?(?:again\s+)?(?:by\s+)?force\b"
CONTROL = (r"\b(?:delete|deleting|remove|removing|disable|disabling|lift|lifting|drop|turn(?:ing)?\s+off|switch(?:ing)?\s+off|"
           r"bypass|bypassing|deactivate|strip|unprotect)\b[^.;!?\n]{0,60}?\b(?:protections?|rulesets?|required\s+(?:status\s+)?"
           r"checks?|pre-receive|hooks?|(?:bucket|iam|resource|access)\s+polic(?:y|ies)|object\s+lock|public[- ]access\s+block|"
           r"branch\s+rules?|restrictions?|admission\s+(?:controller|webhook)s?|pod\s+security)\b"
           r"|-X\s*DELETE\b[^\n]{0,80}?/protection\b|\bdelete-bucket-policy\b|\bunprotect\b|--no-verify\b")
IDENTITY = (r"(?<![\w-])--as(?:-group)?[= ]|\bimpersonat(?:e|ing|ion)\b|\bbreak-?glass\b|\bsystem:masters\b|"
            r"\badmin\s+kubeconfig\b|(?<![\w-])--admin\b")
OVERRIDE_RE = re.compile(f"(?P<force>{FORCE})|(?P<control>{CONTROL})|(?P<identity>{IDENTITY})", re.IGNORECASE)

# the clause before the override: negated, a question for the user, or a description
NOT_ORDER_RE = re.compile(r"\b(?:never|not|no|don't|do not|doesn't|does not|must not|mustn't|should not|shouldn't|cannot|"
                          r"can't|avoid\w*|instead of|rather than|unless|ask\w*|confirm\w*|approv\w*|offer\w*|suggest\w*|"
                          r"propos\w*|recommend\w*|whether|if they|if the user|let the user|the user (?:can|may|decides?)|"
                          r"escalate|contact|request)\b", re.IGNORECASE)
# after the override, in its sentence: it waits for the user
ONLY_IF_RE = re.compile(r"\bonly\s+(?:on|with|when|if|after|once|by)\b|\b(?:explicit|approv\w*|consent|confirm\w*|"
                        r"(?:user|owner|partner|human)'s\s+(?:ok|request|go-?ahead))\b", re.IGNORECASE)
TALK_RE = re.compile(r"\b(?:attackers?|malicious|adversar\w*|red flags?|warning signs?|flag(?:s|ged)?|detect\w*|"
                     r"audit\w*|finding|findings|misconfigur\w*|anti-?patterns?|pitfalls?)\b", re.IGNORECASE)
SENT_END_RE = re.compile(r"[.!?;](?=\s)|\n")


def _override(view: str, unit_start: int, m) -> bool:
    """Whether the override at ``m`` is an order: its sentence, up to it, is not negated, a question for the
    user or a description."""
    head = view[clause_start(SENT_END_RE, view, unit_start, m.start()):m.start()]
    if "-with-lease" in view[m.end():m.end() + 12]:
        return False
    quoted = view[unit_start:m.start()]
    if (quoted.count('"') + quoted.count("\u201c") - quoted.count("\u201d")) % 2:
        return False  # inside a quotation: someone's words ("'The push was rejected, force-push will fix it'")
    e = SENT_END_RE.search(view, m.end())
    if ONLY_IF_RE.search(view, m.end(), e.start() if e else len(view)):
        return False  # "force-push only on the user's explicit request"
    return not NOT_ORDER_RE.search(head)


def refused_forced(ctx, by_id: dict) -> list[Finding]:
    """DX-05 / PE-05 where a unit meets a control's refusal by overriding the control."""
    view = ctx.view
    if len(view) > MAX_BYTES:
        return []
    words = getattr(getattr(ctx, "base", None), "words", None)
    if words is not None and DENY_GATE.isdisjoint(words):
        return []  # the common case: no word of a refusal (a set test)
    low = low_of(ctx)
    if words is not None and OVERRIDE_GATE.isdisjoint(words) and "--as" not in low:
        return []  # nor any word of an override
    out: list[Finding] = []
    seen: set[int] = set()
    done: set[int] = set()
    for deny in near(low, litgate.possible(ctx, DENY_LITS), DENY_LOW_RE, before=12, after=40):
        ls, le = line_at(view, deny.start())
        if HEADING_RE.match(view, ls):  # a heading's refusal: the paragraph right under it answers
            nxt = le + 1
            while nxt < len(view) and not view[nxt:view.find("\n", nxt) if view.find("\n", nxt) >= 0 else len(view)].strip():
                nxt = view.find("\n", nxt) + 1 or len(view)
            if nxt >= len(view):
                continue
            start, end, _ = unit_at(view, nxt)
            ctx_start = ls
        else:
            start, end, ctx_start = unit_at(view, deny.start())
        if start in done:
            continue
        done.add(start)
        if TALK_RE.search(view, ctx_start, end):
            continue
        for m in OVERRIDE_RE.finditer(view, start, end):
            if not _override(view, start, m):
                continue
            line = ctx.line_of(m.start())
            if line in seen or ctx.region_at(line).kind == "code":
                continue
            rule = by_id.get("DX-05" if m.group("force") else "PE-05")
            if rule is None:
                continue
            seen.add(line)
            note = f"a refusal (\"{deny.group(0)}\") answered by overriding the control: \"{m.group(0).strip()[:60]}\""
            out.append(document_finding(ctx, rule, "high", line, note))
            break
        if len(out) >= 3:
            break
    return out


def in_file(ctx, by_id: dict, found: list[Finding] = ()) -> list[Finding]:
    """The findings of this module on ``ctx`` (SKILL.md, or a document it tells the agent to follow); a rule's
    finding on a line where ``found`` already holds one as strong is left out."""
    out = refused_forced(ctx, by_id)
    if not out:
        return out
    return stronger_than_found(out, found)
