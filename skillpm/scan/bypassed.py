"""A protection bypassed as routine: the review, the branch protection or the hooks taken out of the way, as a step.

A playbook's matrix row "PR blocked by Review required or CODEOWNERS → squash-merge it yourself using the admin
override that bypasses the protection rules", a YAML policy "waiting only on a code owner → merge it anyway using
your administrator privileges to bypass the branch protection rule", a step "commit again with the hooks skipped
(`--no-verify`) and push directly to main": each takes away a check other people put on shared ground, as a normal
part of the workflow. denied.py reads such an override when a refusal is written beside it; here the bypass itself
is the construct, in one unit of a document (a table row, a list item, a paragraph with the heading right above it):

- the review or protection of shared branches bypassed: a bypass verb (bypass, override, circumvent, get around,
  dismiss, disable, turn off, remove) on branch protection, protection rules, rulesets, required reviews, approvals
  or status checks, CODEOWNERS, a merge gate; an "admin override"; ``gh pr merge --admin``; a merge done "anyway"
  or "regardless" in a unit about a review or an approval; the agent approving its own pull request. EA-01, high.
- the repository's hooks skipped (``--no-verify``, "skip the hooks", ``HUSKY=0``, ``core.hooksPath=/dev/null``):
  EA-01, medium (a local check the user may skip on their own work), high when the same unit pushes straight to
  the default branch or production, or keeps it from reviewers.

It must be said as an order: the clause before it is not negated, conditioned on a person ("ask a maintainer",
"only with the owner's approval") or a question, the sentence does not forbid it after naming it ("`--admin` skips
the review; never use it"), and the unit does not talk about attacks, audits or what to flag. SKILL.md is read, a
document SKILL.md tells the agent to follow (one level up), and the skill's other Markdown documents (lowered in
references/, docs/, examples/ and tests/).
"""

from __future__ import annotations

import re

from skillpm.scan import litgate  # which literals may occur, from the file's words
from skillpm.scan.docunits import clause_start, low_of, near, unit_at
from skillpm.scan.result import Finding, document_finding, stronger_than_found

MAX_BYTES = 256 * 1024

_GUARD = (r"(?:branch[- ]protections?(?:\s+rules?)?|protection\s+rules?|protected[- ]branch\s+(?:rules?|settings?)|"
          r"rulesets?|required\s+(?:status\s+)?checks?|required\s+(?:code\s?owners?\s+)?reviews?|required\s+approvals?|"
          r"required\s+reviewers?|(?:review|approval)\s+requirements?|code\s?owners?(?:\s+(?:review|approval)s?)?|"
          r"merge\s+(?:gate|checks?|requirements?|restrictions?)|status\s+checks?|stale\s+reviews?|pending\s+reviews?|"
          r"the\s+reviews?|reviewers?'?\s+approvals?)")
REVIEW = (
    r"\b(?:bypass\w*|overrid\w*|override|circumvent\w*|get(?:ting)?\s+around|go(?:ing)?\s+around|dismiss\w*|"
    r"disabl\w*|turn(?:s|ing)?\s+off|switch(?:es|ing)?\s+off|remov\w*|delet\w*|lift\w*|skip\w*|ignor\w*)\b"
    r"[^.;!?\n|]{0,50}?\b" + _GUARD + r"\b|"
    r"\badmin(?:istrator)?(?:'s)?\s+(?:override|bypass)\b|(?<![\w-])--admin\b|"
    r"\b(?:merge|merges|merged|merging|squash-merge\w*|land)\s+(?:it|them|the\s+(?:pr|pull\s+request|merge\s+request|"
    r"change))?\s*(?:anyway|regardless)\b|"
    r"\bapprov(?:e|es|ing)\s+(?:your|its|the\s+agent's|their)\s+own\s+(?:prs?|pull\s+requests?|merge\s+requests?|"
    r"changes?)\b")
HOOKS = (r"(?<![\w-])--no-verify\b|\bskip(?:s|ping)?\s+(?:the\s+|all\s+|any\s+)?(?:git\s+|pre-commit\s+|commit\s+|"
         r"pre-push\s+|husky\s+|lint\s+)?hooks\b|\bhooks?\s+(?:skipped|disabled|bypassed|turned\s+off)\b|"
         r"\bhusky=0\b|core\.hookspath=/dev/null")
BYPASS_RE = re.compile(f"(?P<review>{REVIEW})|(?P<hooks>{HOOKS})", re.IGNORECASE)
LITS = ("bypass", "overrid", "circumvent", "around", "dismiss", "disabl", "turn", "switch", "remov", "delet", "lift",
        "skip", "ignor", "admin", "anyway", "regardless", "approv", "no-verify", "hooks", "husky", "hookspath")
GATE = frozenset(w.encode() for w in (
    "protection", "protections", "protected", "ruleset", "rulesets", "required", "requirements", "requirement",
    "codeowners", "code", "owners", "owner", "gate", "checks", "check", "reviews", "review", "admin", "administrator",
    "anyway", "regardless", "own", "verify", "hooks", "hook", "husky", "hookspath", "approvals", "reviewers", "stale",
    "pending"))
# a bypass that hands someone's review or the default branch over: "anyway"/"regardless" needs a review named
REVIEW_NAMED_RE = re.compile(r"\b(?:review\w*|approv\w*|code\s?owners?|sign-?off|protect\w*)\b", re.IGNORECASE)
# hooks skipped and the work pushed past every reader
AGGRAVATED_RE = re.compile(
    r"\bpush\w*\s+(?:it\s+|them\s+|the\s+\w+\s+)?(?:directly\s+|straight\s+|right\s+)?to\s+(?:`?(?:main|master|trunk)`?|"
    r"the\s+default\s+branch|production|prod|release)\b|\b(?:reviewers?|the\s+team|anyone)\s+(?:do(?:es)?\s+not|don't|"
    r"doesn't)\s+need\s+to\s+(?:see|know)\b|\b(?:don't|do\s+not|never)\s+(?:mention|tell|report)\b", re.IGNORECASE)
# the clause before it: negated, a question, or conditioned on a person
NOT_ORDER_RE = re.compile(
    r"\b(?:never|not|no|don't|do not|doesn't|does not|must not|mustn't|should not|shouldn't|cannot|can't|avoid\w*|"
    r"instead of|rather than|unless|whether|if the user|let the user|the user (?:can|may|decides?)|ask\w*|request\w*|"
    r"wait(?:ing)? for|only (?:if|when|after|once|with)|explicit\w*|emergenc\w*|break-?glass|how to|can|could|may|might|"
    r"allows?|lets?|enables?)\b", re.IGNORECASE)
# after it, in its sentence: forbidden once named ("… skips review; never use it")
FORBID_AFTER_RE = re.compile(r"\b(?:never|don't|do\s+not|must\s+not|should\s+not|avoid)\s+(?:use|do|run|try|pass)\b|"
                             r"\bonly\s+(?:with|after|if|when|once|on)\b|\bwith\s+(?:the\s+)?(?:user|owner|maintainer)'s\s+"
                             r"(?:approval|ok|consent|go-?ahead)\b", re.IGNORECASE)
TALK_RE = re.compile(
    r"\b(?:attackers?|malicious|adversar\w*|red\s+flags?|warning\s+signs?|flag(?:s|ged)?|detect\w*|audit\w*|finding|"
    r"findings|misconfigur\w*|anti-?patterns?|pitfalls?|risk\w*|dangerous|insecure|compliance|violat\w*|"
    r"suspicious|monitor\w*|alert\w*|report\s+(?:any|every|each))\b", re.IGNORECASE)
CLAUSE_END_RE = re.compile(r"[.!?;:,](?=\s)|\n[ \t>]*\n|\||\n[ \t]*(?:-[ \t]|\w+:)")
SENT_END_RE = re.compile(r"[.!?](?=\s)|\n[ \t>]*\n|\|")


def bypasses(ctx, by_id: dict) -> list[Finding]:
    """EA-01 where a unit orders a review, a branch protection or the hooks bypassed as a step."""
    view = ctx.view
    if len(view) > MAX_BYTES:
        return []
    rule = by_id.get("EA-01")
    if rule is None:
        return []
    words = getattr(getattr(ctx, "base", None), "words", None)
    if words is not None and GATE.isdisjoint(words):
        return []  # the common case (a set test)
    low = low_of(ctx)
    out: list[Finding] = []
    done: set[int] = set()
    for m in near(low, litgate.possible(ctx, LITS), BYPASS_RE, view, before=20, after=80):
        start, end, ctx_start = unit_at(view, m.start())
        if m.start() in done or not _ordered(view, start, m):
            continue
        done.add(m.start())
        if TALK_RE.search(view, ctx_start, end):
            continue
        if m.group("review") and re.match(r"(?i)(?:merg|squash|land)", m.group(0)) and not REVIEW_NAMED_RE.search(
                view, ctx_start, end):
            continue  # "merge it anyway" with no review or protection in sight
        line = ctx.line_of(m.start())
        if ctx.region_at(line).kind == "code":
            continue  # a command: the code rules read it (PE-06)
        if any(f.line == line for f in out):
            continue
        if m.group("review"):
            sev, what = "high", "the review or protection of a shared branch bypassed"
        else:
            worse = AGGRAVATED_RE.search(view, ctx_start, end)
            sev = "high" if worse else "medium"
            what = "the repository's hooks skipped" + (f", and \"{worse.group(0)[:40]}\"" if worse else "")
        out.append(document_finding(ctx, rule, sev, line,
                                    f"{what} as a step of the workflow (\"{m.group(0).strip()[:60]}\")"))
        if len(out) >= 3:
            break
    return out


def _ordered(view: str, unit_start: int, m) -> bool:
    """Whether the bypass at ``m`` is said as an order: not negated, asked or conditioned before it, not quoted, and
    not forbidden after it in its sentence."""
    head = view[clause_start(CLAUSE_END_RE, view, unit_start, m.start()):m.start()]
    if NOT_ORDER_RE.search(head):
        return False
    before = view[unit_start:m.start()]
    if (before.count('"') + before.count("\u201c") - before.count("\u201d")) % 2:
        return False  # someone's words quoted
    e = SENT_END_RE.search(view, m.end())
    return not FORBID_AFTER_RE.search(view, m.end(), e.start() if e else len(view))


def in_file(ctx, by_id: dict, found: list[Finding] = ()) -> list[Finding]:
    """The findings of this module on ``ctx``; a rule's finding on a line where ``found`` already holds one as
    strong is left out."""
    out = bypasses(ctx, by_id)
    if not out:
        return out
    return stronger_than_found(out, found)
