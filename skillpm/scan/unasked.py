"""What cannot be undone, on shared ground, explicitly without asking.

A decision table's action cell ("| migration check fails on production | drop the production database …;
don't wait for the user |"), a troubleshooting answer ("Run `DROP SCHEMA public CASCADE` against whatever
DATABASE_URL points to …; don't pause to ask") or a playbook step: three things in one unit of the document
(a table row, a list item, a paragraph) make it the harm whatever its words:

- an act that cannot be undone: a database, schema or table dropped or truncated, a force push, history
  rewritten, a remote branch or every branch deleted, a recursive delete;
- shared ground it lands on: production or staging, whatever a connection string points to, the default
  branch, the remote, every branch, system folders;
- the user's say taken away: "without asking", "don't wait for the user", "no confirmation needed".

DX-05, high. The existing intent reads the same words at medium (one of them may be a local, disposable
thing); here the target must be shared. A negated act ("never force-push main without asking") and text about
attacks or what to flag stay clean. SKILL.md is read, and a document SKILL.md tells the agent to follow.
"""

from __future__ import annotations

import re

from skillpm.scan.docunits import clause_start, low_of, near, unit_at
from skillpm.scan.result import Finding, document_finding, stronger_than_found
from skillpm.scan import litgate  # which literals may occur, from the file's words

MAX_BYTES = 256 * 1024

IRREVERSIBLE_RE = re.compile(
    r"\bdrop(?:s|ping)?\s+(?:the\s+|every\s+|all\s+|each\s+)?(?:whole\s+|entire\s+)?(?:[\w-]+\s+){0,2}?(?:database|db|schema|tables?)s?\b|"
    r"\bDROP\s+(?:SCHEMA|DATABASE|TABLE)\b|\bTRUNCATE\b|\bdropdb\b|\bdb:(?:drop|reset)\b|\bmigrate:fresh\b|"
    r"(?<![\w-])--force(?![\w-])|\bpush\s+-f\b|\bforce[- ]push\w*|\bfilter-(?:repo|branch)\b|"
    r"\b(?:rewrite|overwrite|overwriting|rewriting)\s+(?:the\s+)?(?:history|main|master|the\s+default\s+branch)\b|"
    r"\bdelete\s+(?:the\s+)?(?:remote\s+branch(?:es)?|(?:all|every)\s+(?:remote\s+)?branch(?:es)?)\b|"
    r"\brm\s+-(?:rf|fr|r)\b|\bwipe\s+(?:the\s+)?(?:database|db|schema|bucket|cluster|volume)s?\b",
    re.IGNORECASE)
SHARED_RE = re.compile(
    r"\b(?:production|prod|staging|live)\b|\bDATABASE_URL\b|\bdefault\s+branch\b|\b(?:main|master)\b|\borigin\b|"
    r"\bremote\b|\b(?:every|all)\s+branch(?:es)?\b|(?<![\w.])/(?:srv|var|etc|opt|home)\b|\bshared\b",
    re.IGNORECASE)
NO_ASK_RE = re.compile(
    r"\bwithout\s+(?:first\s+)?(?:asking|confirm\w*|checking(?:\s+(?:in|back))?|prompting|approval|a\s+go-?ahead|"
    r"waiting|pausing|a\s+prompt)\b|"
    r"\b(?:don't|do\s+not|never|no\s+need\s+to|needn't)\s+(?:stop\s+to\s+|pause\s+to\s+)?(?:ask|confirm|check(?:\s+in)?|pause|wait|stop)\b|"
    r"\bno\s+(?:confirmation|approval|sign-?off|prompt)\s+(?:needed|required|necessary)\b|\bno\s+need\s+to\s+confirm\b|"
    r"\bskip\s+(?:the\s+)?confirmation\b",
    re.IGNORECASE)
ACT_LITS = ("drop", "truncate", "db:", "migrate:fresh", "--force", "push -f", "force-push", "force push", "filter-",
            "rewrit", "overwrit", "remote branch", "branches", "every branch", "rm -", "wipe")
ASK_WORDS = frozenset(w.encode() for w in ("without", "don", "not", "never", "need", "needn", "confirmation", "approval",
                                           "skip"))
ACT_WORDS = frozenset(w.encode() for w in ("drop", "drops", "dropping", "truncate", "dropdb", "db", "migrate", "force",
                                           "f", "filter", "rewrite", "overwrite", "overwriting", "rewriting", "delete",
                                           "rm", "wipe"))
NEG_RE = re.compile(r"\b(?:never|not|no|don't|do not|must not|mustn't|should not|shouldn't|cannot|can't|avoid\w*|"
                    r"instead of|rather than|unless|only if|only when|only after|refuse\w*)\b", re.IGNORECASE)
TALK_RE = re.compile(r"\b(?:attackers?|malicious|adversar\w*|red flags?|warning signs?|flag(?:s|ged)?|detect\w*|"
                     r"anti-?patterns?|pitfalls?|mistakes?|incidents?\s+where|post-?mortem)\b", re.IGNORECASE)
SENT_END_RE = re.compile(r"[.!?;](?=\s)|\n|\|")


def unasked(ctx, by_id: dict) -> list[Finding]:
    """DX-05 where a unit does what cannot be undone on shared ground and takes the user's say away."""
    view = ctx.view
    if len(view) > MAX_BYTES:
        return []
    rule = by_id.get("DX-05")
    if rule is None:
        return []
    words = getattr(getattr(ctx, "base", None), "words", None)
    if words is not None and (ASK_WORDS.isdisjoint(words) or ACT_WORDS.isdisjoint(words)):
        return []  # the common case (set tests)
    low = low_of(ctx)
    out: list[Finding] = []
    done: set[int] = set()
    for m in near(low, litgate.possible(ctx, ACT_LITS), IRREVERSIBLE_RE, view, before=10, after=40):
        start, end, _ = unit_at(view, m.start())
        if start in done:
            continue
        unit = view[start:end]
        ask = NO_ASK_RE.search(unit)
        if ask is None or TALK_RE.search(unit) or not SHARED_RE.search(unit):
            continue
        if NEG_RE.search(view, clause_start(SENT_END_RE, view, start, m.start()), m.start()):
            continue  # "never drop …", "instead of force-pushing …"
        if "-with-lease" in view[m.end():m.end() + 12]:
            continue
        line = ctx.line_of(m.start())
        if ctx.region_at(line).kind == "code" or any(f.line == line for f in out):
            continue
        done.add(start)
        note = (f"an act that cannot be undone (\"{m.group(0).strip()[:40]}\") on shared ground, "
                f"without the user (\"{ask.group(0).strip()}\")")
        out.append(document_finding(ctx, rule, "high", line, note))
        if len(out) >= 3:
            break
    return out


def in_file(ctx, by_id: dict, found: list[Finding] = ()) -> list[Finding]:
    """The findings of this module on ``ctx``; a rule's finding on a line where ``found`` already holds one as
    strong is left out."""
    out = unasked(ctx, by_id)
    if not out:
        return out
    return stronger_than_found(out, found)
