"""``skillpm scan``: grade local folders, files, git sources or index names with the security scanner."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from skillpm.errors import SkillpmError

FAIL_ON = ("A", "B", "C", "D", "F")


@dataclass
class ScanReport:
    name: str
    where: str
    result: object  # scan.ScanResult

    def to_dict(self) -> dict:
        from skillpm.scan.report import render_json

        return {"name": self.name, "where": self.where, **render_json(self.result)}


def scan_targets(targets: list[str], *, offline: bool = False, suppressions: list[dict] | None = None) -> list[ScanReport]:
    """Scan every skill each target names: a skill folder, a folder of skills, a single file, or a source.

    A source that is not a local path (git URL, owner/repo, index name) is resolved by
    ``ops.resolve`` exactly as ``add`` resolves it; nothing is installed.
    """
    from skillpm import config
    from skillpm.hashing import Tree, read_tree
    from skillpm.scan import scan_tree
    from skillpm.sources import discover_skills

    if suppressions is None:
        suppressions = config.user_config().get("suppress", [])
    reports: list[ScanReport] = []
    for text in targets:
        p = Path(text)
        if p.exists():
            if p.is_file():
                tree = Tree(files={p.name: p.read_bytes()})
                reports.append(ScanReport(p.name, str(p), scan_tree(tree, suppressions, skill=p.name)))
                continue
            folders = discover_skills(p) or [p]
            for folder in folders:
                tree = read_tree(folder, config.limits())
                name = folder.resolve().name
                reports.append(ScanReport(name, str(folder), scan_tree(tree, suppressions, skill=name)))
            continue
        from skillpm.ops.resolve import resolve_text

        try:
            cands = resolve_text(text, offline=offline)
        except SkillpmError as exc:
            if not exc.hint:
                exc.hint = "give a skill folder, a file, a git URL or an index name"
            raise
        for c in cands:
            where = c.index_id or (c.source + (f" {c.path}" if c.path else ""))
            reports.append(ScanReport(c.name, where, scan_tree(c.skill.tree, suppressions, skill=c.name)))
    if not reports:
        raise SkillpmError("nothing to scan", "give a skill folder, a file, a git URL or an index name")
    return reports


def failing(reports: list[ScanReport], fail_on: str | None) -> list[ScanReport]:
    """Reports whose grade is ``fail_on`` or worse (``--fail-on C`` fails on C, D and F)."""
    if not fail_on:
        return []
    g = fail_on.strip().upper()
    if g not in FAIL_ON:
        raise SkillpmError(f"--fail-on {fail_on!r} is not a grade", "use one of A, B, C, D, F")
    return [r for r in reports if FAIL_ON.index(r.result.grade) >= FAIL_ON.index(g)]
