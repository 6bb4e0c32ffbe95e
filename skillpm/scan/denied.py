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

from skillpm.scan.result import Finding, document_finding

MAX_BYTES = 256 * 1024

# the refusal: a control said no (the server, the cluster, the cloud, a hook)
DENY_RE = re.compile(
    r"\b(?:reject(?:s|ed|ion)?|declin(?:es|ed)|denied|forbidden|403|unauthori[sz]ed|accessdenied|authorizationfailed|"
    r"non-fast-forward|protected branch|insufficient[ _](?:scope|permissions?|privileges?)|"
    r"lacks?\s+(?:the\s+)?(?:permissions?|rights|access|privileges?)|"
    r"(?:no|missing)\s+(?:permissions?|rights|privileges?)\s+to|"
    r"not\s+(?:allowed|permitted|authori[sz]ed)\s+to|"
    r"(?:is|are)\s+blocking|blocked\s+by)\b", re.IGNORECASE)
# words of the file that any refusal needs (one of them)
DENY_GATE = frozenset(w.encode() for w in (
    "reject", "rejects", "rejected", "rejection", "declines", "declined", "denied", "forbidden", "403", "unauthorized",
    "unauthorised", "accessdenied", "authorizationfailed", "fast", "protected", "insufficient", "lacks", "lack",
    "missing", "no", "allowed", "permitted", "authorized", "authorised", "blocking", "blocked"))

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
OVERRIDE_STEMS = ("force", "protect", "ruleset", "required", "receive", "hook", "polic", "lock", "public", "rule",
                  "restriction", "admission", "security", "delete", "verify", "--as", "imperson", "glass", "masters",
                  "admin", "root", "owner")

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
HEADING_RE = re.compile(r"[ \t]{0,3}#{1,6}[ \t]")
ITEM_RE = re.compile(r"[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]")
SENT_END_RE = re.compile(r"[.!?;](?=\s)|\n")


def _units(view: str):
    """Yield (start, end, context_start) of each unit: a table row, a list item (with its continuation
    lines), or a paragraph; ``context_start`` reaches back over a heading (or a bold lead line) right above."""
    pos, n = 0, len(view)
    heading_at = -1  # offset of a heading line directly above the current block
    while pos < n:
        end = view.find("\n", pos)
        end = n if end < 0 else end
        line = view[pos:end]
        s = line.lstrip(" \t>")
        if not s.strip():
            pos = end + 1
            continue
        if HEADING_RE.match(line):
            heading_at = pos
            pos = end + 1
            continue
        if s.startswith("|"):
            yield pos, end, pos
            pos = end + 1
            heading_at = -1
            continue
        # a paragraph or a list item: up to a blank line, a new item, a heading or a table row
        start, stop = pos, end
        nxt = end + 1
        while nxt < n:
            e2 = view.find("\n", nxt)
            e2 = n if e2 < 0 else e2
            ln = view[nxt:e2]
            t = ln.lstrip(" \t>")
            if not t.strip() or HEADING_RE.match(ln) or t.startswith("|") or ITEM_RE.match(ln):
                break
            stop, nxt = e2, e2 + 1
        yield start, stop, heading_at if heading_at >= 0 else start
        heading_at = -1
        pos = nxt


def _override(view: str, unit_start: int, m) -> bool:
    """Whether the override at ``m`` is an order: its sentence, up to it, is not negated, a question for the
    user or a description."""
    s = unit_start
    for e in SENT_END_RE.finditer(view, unit_start, m.start()):
        s = e.end()
    head = view[s:m.start()]
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
        return []
    low = view.lower()
    if not any(st in low for st in OVERRIDE_STEMS):
        return []
    out: list[Finding] = []
    seen: set[int] = set()
    for start, end, ctx_start in _units(view):
        unit = view[ctx_start:end]
        if not DENY_RE.search(unit) or TALK_RE.search(unit):
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
            deny = DENY_RE.search(unit).group(0)
            note = f"a refusal (\"{deny}\") answered by overriding the control: \"{m.group(0).strip()[:60]}\""
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
    rank = {"info": 0, "low": 1, "medium": 2, "high": 3, "critical": 4}
    best: dict = {}
    for f in found:
        k = (f.rule, f.line)
        best[k] = max(best.get(k, 0), rank.get(f.severity, 0))
    return [f for f in out if rank[f.severity] > best.get((f.rule, f.line), -1)]
