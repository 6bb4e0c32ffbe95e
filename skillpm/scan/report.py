"""Renderers for scan results: text (a reviewer's report), JSON, SARIF 2.1.0.

They return strings or dicts and never print.
"""

from __future__ import annotations

from skillpm.scan.result import SEVERITIES, ScanResult

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SARIF_LEVEL = {"critical": "error", "high": "error", "medium": "warning", "low": "note", "info": "note"}
_RANK = {s: i for i, s in enumerate(SEVERITIES)}
STATIC_NOTE = ("static scan: it reads the text and scripts without running them; a clean grade is not proof "
               "that a skill is safe")


def _filter(result: ScanResult, min_severity: str) -> list:
    floor = _RANK[min_severity]
    return [f for f in result.findings if _RANK[f.severity] >= floor]


def render_summary(graded: list[tuple[str, str]]) -> str:
    """For a scan of several skills, (name, grade) each: how many got each grade, then every skill
    graded C or worse by name, worst first (what a reviewer reads first at the end of a long report)."""
    counts = {g: sum(1 for _, grade in graded if grade == g) for g in "ABCDF"}
    lines = [f"{len(graded)} skills: " + " · ".join(f"{counts[g]} {g}" for g in "ABCDF")]
    bad = sorted(((grade, name) for name, grade in graded if grade in "CDF"), key=lambda x: ("FDC".index(x[0]), x[1]))
    if bad:
        lines.append("graded C or worse: " + ", ".join(f"{name} ({grade})" for grade, name in bad))
    return "\n".join(lines)


def render_text(result: ScanResult, name: str = "", min_severity: str = "low", note: bool = True,
                tokens: dict | None = None) -> str:
    """The report a reviewer reads: grade, its cost in tokens when known, summary line, then every finding.

    ``note=False`` leaves out the closing static-scan note (a caller printing many reports adds it once).
    ``tokens``: {"session", "invoke", "resources"} (DESIGN §2), shown under the grade.
    """
    shown = _filter(result, min_severity)
    counted = [f for f in result.findings if f.counted and f.suppressed is None and _RANK[f.severity] >= _RANK["medium"]]
    head = f"{name}: " if name else ""
    lines = [f"{head}grade {result.grade}  (rules {result.rules_version})"]
    if tokens:
        lines.append(f"tokens: {tokens['session']:,} every session, {tokens['invoke']:,} once invoked, "
                     f"{tokens['resources']:,} in other files")
    lines += [f"{len(result.findings)} finding{'s' if len(result.findings) != 1 else ''} against {result.rule_count} "
              f"rules in {result.category_count} categories; {len(counted)} count toward the grade"]
    c = result.counts()
    summary = ", ".join(f"{n} {s}" for s, n in c.items() if n)
    if summary:
        lines.append(f"by severity: {summary}")
    hidden = len(result.findings) - len(shown)
    for f in shown:
        flags = []
        if f.suppressed is not None:
            flags.append(f"suppressed: {f.suppressed}")
        elif not f.counted:
            flags.append("over the per-rule cap, not counted")
        tag = f"  [{'; '.join(flags)}]" if flags else ""
        lines.append("")
        lines.append(f"{f.severity.upper():8} {f.rule}  {f.category}  {f.file}:{f.line}{tag}")
        if f.text:
            lines.append(f"    | {f.text}")
        if f.decoded:
            shown_dec = f.decoded if len(f.decoded) <= 200 else f.decoded[:200] + "…"
            lines.append(f"    hidden text says: {shown_dec!r}")
        lines.append(f"    why: {f.message}")
        if f.note:
            lines.append(f"    note: {f.note}")
    if hidden:
        lines.append("")
        lines.append(f"({hidden} finding{'s' if hidden != 1 else ''} below {min_severity} not shown)")
    if note:
        lines.append("")
        lines.append(f"note: {STATIC_NOTE}.")
    return "\n".join(lines)


def render_json(result: ScanResult, name: str = "", min_severity: str = "info") -> dict:
    d = result.to_dict()
    d["findings"] = [f.to_dict() for f in _filter(result, min_severity)]
    if name:
        d["name"] = name
    d["static"] = True
    return d


def render_sarif(results: list[tuple[str, ScanResult]], tool_version: str = "", min_severity: str = "info") -> dict:
    """One SARIF 2.1.0 log with one run; each (name, result) pair is a scanned skill.

    File URIs are relative to the skill root and carry the skill's name as ``uriBaseId``.
    """
    from skillpm.scan.rules import load_rules

    rs = load_rules()
    rules = []
    index = {}
    for i, r in enumerate(rs.rules):
        index[r.id] = i
        rules.append({
            "id": r.id,
            "name": r.id.replace("-", ""),
            "shortDescription": {"text": r.description},
            "fullDescription": {"text": f"{r.description} {r.message}"},
            "help": {"text": r.message},
            "defaultConfiguration": {"level": SARIF_LEVEL[r.severity]},
            "properties": {"category": r.category, "severity": r.severity, "tags": ["security", r.category]},
        })
    sarif_results = []
    base_ids = {}
    for name, result in results:
        base = name or "SKILL_ROOT"
        base_ids[base] = {"description": {"text": f"the root folder of the skill {name}" if name else "the skill root"}}
        for f in _filter(result, min_severity):
            res = {
                "ruleId": f.rule,
                "ruleIndex": index[f.rule],
                "level": SARIF_LEVEL[f.severity],
                "message": {"text": f.message + (f" Hidden text: {f.decoded!r}." if f.decoded else "")
                            + (f" ({f.note})" if f.note else "")},
                "locations": [{"physicalLocation": {
                    "artifactLocation": {"uri": _uri(f.file), "uriBaseId": base},
                    "region": {"startLine": max(1, f.line), "snippet": {"text": f.text}},
                }}],
                "properties": {"severity": f.severity, "category": f.category, "counted": f.counted,
                               "skill": name, "grade": result.grade},
            }
            if f.suppressed is not None:
                res["suppressions"] = [{"kind": "external", "justification": f.suppressed}]
            sarif_results.append(res)
    driver = {"name": "skillpm", "informationUri": "https://github.com/skillpm/skillpm",
              "semanticVersion": tool_version or _version(), "version": rs.version, "rules": rules}
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": driver},
            "originalUriBaseIds": base_ids,
            "results": sarif_results,
            "properties": {"rulesVersion": rs.version,
                           "grades": {name or "SKILL_ROOT": r.grade for name, r in results}},
        }],
    }


def _uri(path: str) -> str:
    from urllib.parse import quote

    return quote(path, safe="/")


def _version() -> str:
    from skillpm import __version__

    return __version__
