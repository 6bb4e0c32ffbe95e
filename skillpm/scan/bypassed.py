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
  or "regardless" in a unit about a review or an approval; a force-merge; the agent or its bot added to a ruleset's bypass list (a bypass list
  configured for people is administration);
  the agent approving its own pull request or with a second account. EA-01, high.
- the repository's hooks skipped (``--no-verify``, "skip the hooks", ``HUSKY=0``, ``core.hooksPath=/dev/null``; not
  ``[skip ci]``, which bot commits use so as not to start the workflow again):
  EA-01, low (a local check the user may skip on their own work; skill docs say "bypass once with
  `git commit --no-verify`"), high when the same unit pushes straight to
  the default branch or production, or keeps it from reviewers.

It must be said as an order: the clause before it is not negated, conditioned on a person ("ask a maintainer",
"only with the owner's approval") or a question, the sentence does not forbid it after naming it ("`--admin` skips
the review; never use it"), it is not named for comparison ("the same discipline as `--no-verify`"), the unit does
not talk about attacks, audits or what to flag, and it is not written mostly in Chinese or Japanese (whose negations
go unread). SKILL.md is read, a document SKILL.md tells the agent to follow (one level up), and the skill's other
Markdown documents (lowered in references/, docs/, examples/ and tests/).
"""

from __future__ import annotations

import re

from skillpm.scan import litgate  # which literals may occur, from the file's words
from skillpm.scan.docunits import clause_start, lead_line, line_at, low_of, near, unit_at
from skillpm.scan.result import Finding, document_finding, stronger_than_found

MAX_BYTES = 256 * 1024

_GUARD = (r"(?:branch[- ]protections?(?:\s+rules?)?|protection\s+rules?|protected[- ]branch\s+(?:rules?|settings?)|"
          r"(?:branch|repository|repo|org(?:anization)?)\s+rulesets?|required\s+(?:status\s+)?checks?|required\s+(?:code\s?owners?\s+)?reviews?|required\s+approvals?|"
          r"required\s+reviewers?|required\s+workflows?|branch\s+polic(?:y|ies)|(?:review|approval)\s+requirements?|code\s?owners?(?:\s+(?:review|approval)s?)?|"
          r"merge\s+(?:gate|checks?|requirements?|restrictions?)|status\s+checks?|stale\s+reviews?|pending\s+reviews?|"
          r"the\s+reviews?|reviewers?'?\s+approvals?)")
REVIEW = (
    r"\b(?:bypass\w*|overrid\w*|override|circumvent\w*|get(?:ting)?\s+around|go(?:ing)?\s+around|dismiss\w*|"
    r"disabl\w*|turn(?:s|ing)?\s+off|switch(?:es|ing)?\s+off|remov\w*|delet\w*|lift\w*|skip\w*|ignor\w*)\b"
    r"[^.;!?\n|]{0,50}?\b" + _GUARD + r"\b|"
    r"\badmin(?:istrator)?(?:'s)?\s+(?:override|bypass)\b|(?<![\w-])--admin\b|\bforce[- ]merg\w*|"
    r"\badd\w*\s+(?:yourself|itself|the\s+(?:agent|bot|assistant)|your\s+(?:own\s+)?(?:account|token|bot|app)|"
    r"(?:our|this|the)\s+(?:bot|app|token|service\s+account))\s+to\s+(?:the\s+)?(?:[\w-]+\s+)?bypass\s+"
    r"(?:list|actors?|allowances?)\b|"
    r"\b(?:second|another|alt(?:ernate)?|bot|spare)\s+account\s+to\s+approve\b|"
    r"\b(?:merge|merges|merged|merging|squash-merge\w*|land)\s+(?:it|them|the\s+(?:pr|pull\s+request|merge\s+request|"
    r"change))?\s*(?:anyway|regardless)\b|"
    r"\bapproves?\s+(?:your|its|the\s+agent's|their)\s+own\s+(?:prs?|pull\s+requests?|merge\s+requests?|"
    r"changes?)\b")
HOOKS = (r"(?<![\w-])--no-verify\b|\bskip(?:s|ping)?\s+(?:the\s+|all\s+|any\s+)?(?:git\s+|pre-commit\s+|commit\s+|"
         r"pre-push\s+|husky\s+|lint\s+)?hooks\b|\bhooks?\s+(?:skipped|disabled|bypassed|turned\s+off)\b|"
         r"\bhusky=0\b|core\.hookspath=/dev/null")
BYPASS_RE = re.compile(f"(?P<review>{REVIEW})|(?P<hooks>{HOOKS})", re.IGNORECASE)
# where a bypass can be: the guard it names, or its own rare words (a regex is run only around these; a verb such as
# "remove" or "skip" is in every file, the guard it bypasses is not)
LITS = ("protection", "ruleset", "required", "code owner", "codeowner", "merge gate", "merge check", "merge req",
        "merge restr", "status check", "stale review", "pending review", "approval", "branch polic", "admin",
        "force-merg", "force merg", "anyway", "regardless", "bypass list", "bypass actor", "bypass allow",
        "account to approve", "own pr", "own pull", "own merge", "own change", "no-verify", "hooks", "husky", "hookspath")
# words of the file one of which any bypass needs (a set test first)
GATE = frozenset(w.encode() for w in (
    "protection", "protections", "protected", "ruleset", "rulesets", "required", "codeowners", "owners", "owner",
    "gate", "checks", "check", "approvals", "approval", "reviewers", "reviews", "review", "stale", "pending",
    "policies", "policy", "restrictions", "requirements", "requirement", "admin", "administrator", "anyway",
    "regardless", "bypass", "approve", "approves", "own", "verify", "hooks", "husky", "hookspath"))
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
FORBID_AFTER_RE = re.compile(r"\bout\s+of\s+(?:scope|bounds)\b|"  # "keep comments, admin bypass, … out of scope"
                             r"\b(?:never|don't|do\s+not|must\s+not|should\s+not|avoid)\s+(?:use|do|run|try|pass)\b|"
                             r"\bonly\s+(?:with|after|if|when|once|on)\b|\bwith\s+(?:the\s+)?(?:user|owner|maintainer)'s\s+"
                             r"(?:approval|ok|consent|go-?ahead)\b", re.IGNORECASE)
TALK_RE = re.compile(
    r"\b(?:attackers?|malicious|adversar\w*|red\s+flags?|warning\s+signs?|flag(?:s|ged)?|detect\w*|audit\w*|finding|"
    r"findings|misconfigur\w*|anti-?patterns?|pitfalls?|risk\w*|dangerous|insecure|compliance|violat\w*|"
    r"suspicious|monitor\w*|alert\w*|report\s+(?:any|every|each))\b", re.IGNORECASE)
# what sits over the unit and makes it a list of what not to do or what to look for: the section's heading, a list's
# lead-in, a table's header row or the line that introduces the table
OVER_RE = re.compile(
    r"\b(?:never|don'?ts?|do\s+not|must\s+not|mustn't|not|avoid\w*|forbidden|prohibited|refus\w*|red\s+flags?|"
    r"warning\s+signs?|anti-?patterns?|pitfalls?|look\s+for|watch\s+(?:out\s+)?for|examples?|patterns?|phrases?|"
    r"rationali[sz]ations?|excuses?|flag\w*|detect\w*|risk\w*|danger\w*|threats?|attacks?|audit\w*|checks?\s+for)\b",
    re.IGNORECASE)
# a negation opening the sentence governs the list after it ("Never use `--force`, skip checks, or bypass …"); one
# inside a condition ("If the hooks fail on files you did not touch, …") does not
LEAD_NEG_RE = re.compile(r"\b(?:never|don't|do\s+not|must\s+not|mustn't|should\s+not|shouldn't|avoid\w*|no)\b",
                         re.IGNORECASE)
CONDITION_RE = re.compile(r"\b(?:if|when|whenever|once|after|because|since|although|though|while|unless)\b[^,—–;:]*,",
                          re.IGNORECASE)
MENTION_RE = re.compile(r"\b(?:as|like|such\s+as|e\.g\.|than|versus|vs\.?)\s*[`'\"(]*$", re.IGNORECASE)
# letters of a script the clause reading does not read (CJK, Hangul, kana): such a unit is not read as an order
FOREIGN_RE = re.compile(r"[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff]")
# a table row that pairs the act with what permits it: a person's explicit request or approval in another cell
# ("| Use an admin bypass | Explicit request for admin/bypass behavior |")
PERMITTED_BY_RE = re.compile(
    r"\bexplicit\w*\s+(?:\w+\s+)?(?:request|ask|instruction|approval|confirmation|permission|consent|go-?ahead|sign-?off)\b|"
    r"\b(?:user|maintainer|owner|human)(?:'s)?\s+(?:explicit\w*\s+)?(?:asks?|approves?|approval|confirms?|confirmation|"
    r"requests?|consent)\b", re.IGNORECASE)
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
    for m in near(low, litgate.possible(ctx, LITS), BYPASS_RE, view, before=75, after=40, most=15):
        start, end, ctx_start = unit_at(view, m.start())
        if m.start() in done or not _ordered(view, start, m):
            continue
        done.add(m.start())
        if TALK_RE.search(view, ctx_start, end):
            continue
        if len(FOREIGN_RE.findall(view, start, end)) * 5 > end - start:
            continue  # a unit in Chinese or Japanese: its negations and mentions go unread
        line = ctx.line_of(m.start())
        if _over(ctx, view, start, line):
            continue  # an item of a list of what never to do or what to look for
        if m.group("review") and re.match(r"(?i)(?:merg|squash|land)", m.group(0)) and not REVIEW_NAMED_RE.search(
                view, ctx_start, end):
            continue  # "merge it anyway" with no review or protection in sight
        if ctx.region_at(line).kind == "code":
            continue  # a command: the code rules read it (PE-06)
        if any(f.line == line for f in out):
            continue
        if _permitted_row(view, m.start()):
            continue  # a table of acts and what permits each: the bypass waits for a person's explicit request
        if m.group("review"):
            sev, what = "high", "the review or protection of a shared branch bypassed"
        else:
            worse = AGGRAVATED_RE.search(view, ctx_start, end)
            sev = "high" if worse else "low"
            what = "the repository's hooks skipped" + (f", and \"{worse.group(0)[:40]}\"" if worse else "")
        out.append(document_finding(ctx, rule, sev, line,
                                    f"{what} as a step of the workflow (\"{m.group(0).strip()[:60]}\")"))
        if len(out) >= 3:
            break
    return out


def _permitted_row(view: str, at: int) -> bool:
    """Whether ``at`` sits in a table row whose other cells make the act wait for a person's explicit request."""
    ls, le = line_at(view, at)
    row = view[ls:le]
    if not row.lstrip(" \t>").startswith("|"):
        return False
    k = view.count("|", ls, at)  # the cell holding ``at``
    return any(PERMITTED_BY_RE.search(c) for i, c in enumerate(row.split("|")) if i != k)


def _over(ctx, view: str, start: int, line: int) -> bool:
    """Whether what is over the unit at ``start`` (its section's heading, its list's lead-in, its table's header row
    and intro) makes it a list of what not to do or what to look for."""
    if OVER_RE.search(ctx.heading_at(line)):
        return True
    if view[start:start + 1] == "|" or view[start:view.find("\n", start) if "\n" in view[start:] else len(view)].lstrip(" \t>").startswith("|"):
        n = line
        while n > 1 and n > line - 200 and ctx.view_line(n - 1).lstrip(" \t>").startswith("|"):
            n -= 1
        intro = next((ctx.view_line(k) for k in range(n - 1, max(0, n - 3), -1) if ctx.view_line(k).strip()), "")
        return n < line and bool(OVER_RE.search(ctx.view_line(n)) or OVER_RE.search(intro))
    lead = _lead_in(view, start)
    return lead is not None and bool(OVER_RE.search(view, *lead))


def _lead_in(view: str, start: int) -> tuple[int, int] | None:
    """The paragraph ending with ":" that leads into the list whose item starts at ``start``, if any."""
    lead = lead_line(view, start)
    return lead if lead is not None and view[lead[0]:lead[1]].rstrip().endswith(":") else None


def _ordered(view: str, unit_start: int, m) -> bool:
    """Whether the bypass at ``m`` is said as an order: not negated, asked or conditioned before it, not quoted, and
    not forbidden after it in its sentence."""
    head = view[clause_start(CLAUSE_END_RE, view, unit_start, m.start()):m.start()]
    if NOT_ORDER_RE.search(head):
        return False
    sentence = view[clause_start(SENT_END_RE, view, unit_start, m.start()):m.start()]
    if LEAD_NEG_RE.search(CONDITION_RE.sub(" ", sentence)):
        return False  # "Never use `--force`, skip checks, or bypass branch protection", "— never force, `--admin`"
    if MENTION_RE.search(head):
        return False  # named for comparison ("the same discipline as `--no-verify`")
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
