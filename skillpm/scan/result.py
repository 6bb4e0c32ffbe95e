"""Result types of a scan, the grade (DESIGN §7) and the install policy.

Light on purpose: no regexes, no rules; importing this costs nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

GRADES = "ABCDF"
SEVERITIES = ("info", "low", "medium", "high", "critical")
_RANK = {s: i for i, s in enumerate(SEVERITIES)}
PER_RULE_CAP = 2  # how many findings of one rule count toward the grade (all are printed)
# What the note of a finding in a document SKILL.md tells the agent to follow says (engine.py writes it;
# scan_tree reads it back, on a cached result too, to know which documents were followed)
FOLLOWED_NOTE = "tells the agent to follow this file"
# … and what that note says on a rule's finding there: an order weighs the same wherever the agent is told
# to take it from, so the location lowering (finalize) leaves it at SKILL.md's level
FOLLOWED_KEPT = f"{FOLLOWED_NOTE}: an order there weighs as in SKILL.md, not lowered"
LOWERED_DIRS = {"references", "reference", "examples", "example", "docs", "doc", "tests", "test"}


def lower_one(sev: str) -> str:
    return SEVERITIES[max(0, _RANK[sev] - 1)]


def raise_one(sev: str) -> str:
    return SEVERITIES[min(len(SEVERITIES) - 1, _RANK[sev] + 1)]


def is_lowered_location(path: str) -> bool:
    parts = path.split("/")
    if parts[-1].lower() == "skill.md":
        return False
    return any(p.lower() in LOWERED_DIRS for p in parts[:-1])


@dataclass
class Finding:
    """One hit of one rule on one line."""

    rule: str
    category: str
    severity: str  # "critical" | "high" | "medium" | "low" | "info"
    file: str
    line: int
    text: str  # the line, invisible characters shown as <U+200B>
    message: str  # one sentence: why it matters
    decoded: str | None = None  # what hidden text spells (Tag characters, base64 …)
    counted: bool = True  # False when over the per-rule cap
    suppressed: str | None = None  # the reason, when the user's config suppresses it
    note: str | None = None  # context that changed the severity, or what was found

    def to_dict(self) -> dict:
        d = {"rule": self.rule, "category": self.category, "severity": self.severity, "file": self.file,
             "line": self.line, "text": self.text, "message": self.message, "counted": self.counted}
        for key in ("decoded", "suppressed", "note"):
            if getattr(self, key) is not None:
                d[key] = getattr(self, key)
        return d

    @classmethod
    def from_dict(cls, d: dict) -> "Finding":
        return cls(rule=d["rule"], category=d["category"], severity=d["severity"], file=d["file"],
                   line=int(d["line"]), text=d["text"], message=d["message"], decoded=d.get("decoded"),
                   counted=bool(d.get("counted", True)), suppressed=d.get("suppressed"), note=d.get("note"))

    @property
    def grades(self) -> bool:
        """True when this finding takes part in the grade."""
        return self.counted and self.suppressed is None and _RANK[self.severity] >= _RANK["medium"]


@dataclass
class ScanResult:
    grade: str
    findings: list[Finding]
    rules_version: str
    rule_count: int
    category_count: int
    files_scanned: int = 0
    bytes_scanned: int = 0
    categories: list[str] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        """Findings by severity, counted and unsuppressed only."""
        out = {s: 0 for s in reversed(SEVERITIES)}
        for f in self.findings:
            if f.counted and f.suppressed is None:
                out[f.severity] += 1
        return out

    def to_dict(self) -> dict:
        return {"grade": self.grade, "rules_version": self.rules_version, "rule_count": self.rule_count,
                "category_count": self.category_count, "files_scanned": self.files_scanned,
                "bytes_scanned": self.bytes_scanned, "counts": self.counts(),
                "findings": [f.to_dict() for f in self.findings]}


def grade_of(findings) -> str:
    """DESIGN §7, first match: F a critical; D 3+ high; C 1–2 high or 6+ medium; B any medium; else A."""
    n = {s: 0 for s in SEVERITIES}
    for f in findings:
        if f.counted and f.suppressed is None:
            n[f.severity] += 1
    if n["critical"]:
        return "F"
    if n["high"] >= 3:
        return "D"
    if n["high"] or n["medium"] >= 6:
        return "C"
    if n["medium"]:
        return "B"
    return "A"


@dataclass
class PolicyDecision:
    action: str  # "ok" | "ask" | "refuse"
    reason: str


def _check_grade(grade: str, what: str) -> str:
    g = str(grade).strip().upper()
    if len(g) != 1 or g not in GRADES:
        from skillpm.errors import SkillpmError

        raise SkillpmError(f"{what} {grade!r} is not a grade", f"use one of {', '.join(GRADES)}")
    return g


def check_policy(grade: str, *, min_grade: str | None, force: bool, assume_yes: bool) -> PolicyDecision:
    """Whether a skill of ``grade`` may be installed.

    ``min_grade`` comes from ``--min-grade``, the manifest or the user config (the caller
    picks the first that is set). With a minimum, anything worse is refused unless
    ``force``. Without one, D and F are refused unless ``force``, and C asks — even with
    ``assume_yes`` — unless ``force``; A and B install.
    """
    g = _check_grade(grade, "grade")
    if min_grade is not None:
        floor = _check_grade(min_grade, "min-grade")
        if GRADES.index(g) <= GRADES.index(floor):
            return PolicyDecision("ok", f"grade {g} meets the minimum grade {floor}")
        if force:
            return PolicyDecision("ok", f"grade {g} is below the minimum grade {floor}; installing because of --force")
        return PolicyDecision("refuse", f"grade {g} is below the minimum grade {floor}")
    if g in "AB":
        return PolicyDecision("ok", f"grade {g}")
    if force:
        return PolicyDecision("ok", f"grade {g}; installing because of --force")
    if g == "C":
        why = "grade C needs a human decision" + (" (--yes does not cover it)" if assume_yes else "")
        return PolicyDecision("ask", why + "; pass --min-grade C to accept C without asking")
    return PolicyDecision("refuse", f"grade {g} is refused by default; review the findings, then use --force to install anyway")


def document_finding(ctx, rule, sev: str, line: int, note: str) -> Finding:
    """A finding a reader of a Markdown document (``engine._FileCtx``) makes on ``line``: in a document that
    SKILL.md tells the agent to follow, it weighs as SKILL.md's own, one level up, and says why."""
    if ctx.kind != "skill_md" and ctx.follow_intents:
        sev = raise_one(sev)
        note = f"SKILL.md line {ctx.follow_intents} {FOLLOWED_NOTE}: read as SKILL.md is, one level up; " + note
    return Finding(rule.id, rule.category, sev, ctx.path, line, ctx.orig_line(line).strip()[:240], rule.message,
                   note=note)


_SEVERITY_RANK = {"info": 0, "low": 1, "medium": 2, "high": 3, "critical": 4}


def stronger_than_found(out: list[Finding], found) -> list[Finding]:
    """The findings of ``out`` that are stronger than any finding ``found`` already holds for the same rule on the
    same line (a document reader's findings beside the engine's)."""
    best: dict = {}
    for f in found:
        k = (f.rule, f.line)
        best[k] = max(best.get(k, 0), _SEVERITY_RANK.get(f.severity, 0))
    return [f for f in out if _SEVERITY_RANK[f.severity] > best.get((f.rule, f.line), -1)]
