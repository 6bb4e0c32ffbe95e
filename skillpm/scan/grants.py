"""An administrator's role handed to everyone: a broad grant of authority, wherever it sits.

Binding ``cluster-admin`` to ``system:authenticated``, attaching ``AdministratorAccess`` to every IAM
role, granting ``roles/owner`` to ``allAuthenticatedUsers`` or Owner to "All Users": whatever the task
says it is for (visibility during triage, an audit that never hits AccessDenied), the cluster or the
account is then open to anyone who can sign in, and no one has to ask again. The grant is read by its
two halves, in one sentence or in a paragraph with the list under it (a binding's role in one line, its
subjects in the items): the role that holds every right, and a subject that is everyone (all users, all
authenticated principals, all service accounts or roles). It must be an order: a step that creates,
binds, grants, attaches, assigns or gives; a negated sentence ("never bind cluster-admin to …"), a check
for such grants ("look for bindings that …"), and text about attackers or findings stay clean.
SKILL.md is read, and a document SKILL.md tells the agent to follow (one level up).
"""

from __future__ import annotations

import re

from skillpm.scan.docunits import HEADING_LINE_RE as HEADING_RE, low_of, near
from skillpm.scan.result import Finding, document_finding, stronger_than_found
from skillpm.scan import litgate  # which literals may occur, from the file's words

MAX_BYTES = 256 * 1024

# the role that holds every right
ROLE_RE = re.compile(
    r"\bcluster-admin\b|\bAdministratorAccess\b|\broles/(?:owner|editor)\b|\bIAMFullAccess\b|"
    r"\b(?:the\s+)?Owner\s+role\b|\brole\s+(?:of\s+)?[`'\"]?Owner\b|\bas\s+(?:an?\s+)?Owners?\b|"
    r"\b(?:the\s+)?[`'\"]?admin[`'\"]?\s+(?:Cluster)?Role\b|\bsuperuser\b|\bGRANT\s+ALL\b|\"Action\"\s*:\s*\"\*\"",
    re.IGNORECASE)
ROLE_LITS = ("cluster-admin", "administratoraccess", "roles/", "iamfullaccess", "owner", "admin", "superuser",
             "grant all", '"action"')
ROLE_WORDS = frozenset(w.encode() for w in ("cluster", "administratoraccess", "roles", "iamfullaccess", "owner",
                                            "owners", "admin", "superuser", "grant", "action"))
ROLE_STEMS = ("cluster-admin", "administratoraccess", "roles/", "iamfullaccess", "owner", "admin", "superuser",
              "grant all", '"action"')
# a subject that is everyone
EVERYONE_RE = re.compile(
    r"\bsystem:(?:authenticated|unauthenticated|serviceaccounts)\b|\ballUsers\b|\ballAuthenticatedUsers\b|"
    r"\b(?:all|every|each|any)\s+(?:the\s+)?(?:IAM\s+)?(?:users?|roles?|service\s*accounts?|managed\s+identit(?:y|ies)|"
    r"principals?|members?|identities|authenticated\s+users?|accounts?|groups?)\b|"
    r"[`'\"]All\s+Users[`'\"]|\bEveryone\b|\bTO\s+PUBLIC\b|\banyone\b",
    re.IGNORECASE)
# the order: a step that hands the role out
GIVE_RE = re.compile(r"(?:^|[.!?;:]\s+|\n[ \t>]*(?:[-*+]|\d{1,3}[.)])?[ \t]*|\n)[*_`]*(?:please\s+|then\s+|first\s+|now\s+|just\s+)?"
                     r"(?:create|bind|grant|attach|assign|give|add|apply|make|set\s+up|elevate|promote)\b",
                     re.IGNORECASE | re.MULTILINE)
NOT_ORDER_RE = re.compile(r"\b(?:never|not|no|don't|do not|doesn't|does not|must not|mustn't|should not|shouldn't|"
                          r"cannot|can't|avoid\w*|instead of|rather than|unless|whether|if any|look for|check(?:s|ing)?\s+"
                          r"(?:for|whether|that|if)|find|finds|list|lists|report\w*|identif\w*|detect\w*|flag\w*|audit\w*|"
                          r"scan\w*|review\w*|dangerous|risky|insecure|overly|excessive|attackers?|malicious|red flags?|"
                          r"findings?|misconfigur\w*|example|anti-?patterns?|bad|wrong|least[- ]privilege)\b",
                          re.IGNORECASE)
# after the grant, in its sentence: words that make it a description (a finding, a risk) rather than a step
TAIL_TALK_RE = re.compile(r"\b(?:dangerous|risky|insecure|overly|excessive|attackers?|malicious|red flags?|findings?|"
                          r"misconfigur\w*|anti-?patterns?|is bad|is wrong|vulnerab\w*|should be (?:removed|revoked))\b",
                          re.IGNORECASE)
SENT_RE = re.compile(r"[.!?](?=\s)|\n\s*\n")


def _sentence(view: str, lo: int, hi: int, at: int) -> tuple[int, int]:
    """The sentence around ``at`` within [lo, hi)."""
    s = lo
    for m in SENT_RE.finditer(view, lo, at):
        s = m.end()
    m = SENT_RE.search(view, at, hi)
    return s, (m.start() + 1 if m else hi)


def broad_grants(ctx, by_id: dict) -> list[Finding]:
    """PE-02 where a step hands an all-rights role to every user, principal or service account."""
    view = ctx.view
    if len(view) > MAX_BYTES:
        return []
    words = getattr(getattr(ctx, "base", None), "words", None)
    if words is not None and ROLE_WORDS.isdisjoint(words):
        return []  # the common case (a set test)
    low = low_of(ctx)
    roles = near(low, litgate.possible(ctx, ROLE_LITS), ROLE_RE, view, before=30, after=30)
    if not roles:
        return []
    rule = by_id.get("PE-02")
    if rule is None:
        return []
    out: list[Finding] = []
    for m in roles:
        # the block: from the paragraph's start to the end of the list under it (no heading crossed)
        ps = view.rfind("\n\n", 0, m.start())
        ps = 0 if ps < 0 else ps + 2
        h = None
        for h in HEADING_RE.finditer(view, ps, m.start()):
            pass
        if h is not None:
            ps = view.find("\n", h.start()) + 1
        nh = HEADING_RE.search(view, m.end())
        pe = min(nh.start() if nh else len(view), m.end() + 400)
        s, e = _sentence(view, ps, pe, m.start())
        if NOT_ORDER_RE.search(view, s, m.start()) or TAIL_TALK_RE.search(view, m.end(), e):
            continue  # the clause up to the role is negated or a check; the rest calls it a risk
        who = EVERYONE_RE.search(view, s, e) or EVERYONE_RE.search(view, m.end(), pe)
        if who is None or NOT_ORDER_RE.search(view[_sentence(view, ps, pe, who.start())[0]:who.start()]):
            continue
        if GIVE_RE.search(view, ps, max(e, who.end())) is None:
            continue
        line = ctx.line_of(m.start())
        if ctx.region_at(line).kind == "code":
            continue
        note = f"an all-rights role (\"{m.group(0).strip()}\") handed to everyone (\"{who.group(0).strip()}\")"
        out.append(document_finding(ctx, rule, "high", line, note))
        break
    return out


def in_file(ctx, by_id: dict, found: list[Finding] = ()) -> list[Finding]:
    """The findings of this module on ``ctx``; a rule's finding on a line where ``found`` already holds one
    as strong is left out."""
    out = broad_grants(ctx, by_id)
    if not out:
        return out
    return stronger_than_found(out, found)
