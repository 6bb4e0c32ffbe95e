"""``skillpm scan``: grade local folders, files, git sources or index names with the security scanner."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from skillpm.errors import SkillpmError

FAIL_ON = ("A", "B", "C", "D", "F")


PARALLEL_MIN = 16  # skills in one scan before it is spread over processes


@dataclass
class ScanReport:
    name: str
    where: str
    result: object  # scan.ScanResult
    tokens: dict | None = None  # {"session", "invoke", "resources"} (DESIGN §2), when it is a skill

    def to_dict(self) -> dict:
        from skillpm.scan.report import render_json

        return {"name": self.name, "where": self.where, "tokens": self.tokens, **render_json(self.result)}


def _scan_folder(job: tuple) -> ScanReport:
    """Read one local skill folder, count its tokens and scan it (runs in a worker process too)."""
    folder, suppressions, limits, count = job
    from skillpm.hashing import read_tree
    from skillpm.scan import scan_tree
    from skillpm.skill import inspect_skill

    folder = Path(folder)
    name = folder.resolve().name
    tokens = None
    try:
        skill = inspect_skill(folder, "lenient", limits)
    except SkillpmError:
        tree = read_tree(folder, limits)  # not a skill (no SKILL.md): still scanned; an unsafe tree raises here
    else:
        tree = skill.tree
        if count and skill.skill_md and not skill.errors:
            from skillpm.tokens import skill_cost

            try:
                cost = skill_cost(skill)
            except SkillpmError:
                cost = None  # an unreadable tokenizer file: the scan still stands, without tokens
            if cost is not None:
                tokens = {"session": cost.session, "invoke": cost.invoke, "resources": cost.resources}
    return ScanReport(name, str(folder), scan_tree(tree, suppressions, skill=name), tokens)


def _scan_folders(folders: list[Path], suppressions, limits, jobs: int | None, on_done=None) -> list[ScanReport]:
    """Scan folders in order; with many of them, on ``jobs`` processes (default: one per CPU)."""
    import os

    from skillpm.tokens import on_this_machine

    count = on_this_machine()  # a scan counts tokens when it can, and never downloads the tokenizer for it
    work = [(str(f), suppressions, limits, count) for f in folders]
    jobs = jobs or os.cpu_count() or 1
    parallel = jobs > 1 and len(work) >= PARALLEL_MIN
    if parallel:
        from concurrent.futures import ProcessPoolExecutor

        pool = ProcessPoolExecutor(max_workers=min(jobs, len(work)))
    else:
        from contextlib import nullcontext

        pool = nullcontext()
    out = []
    with pool:
        reports = (pool.map(_scan_folder, work, chunksize=max(1, min(64, len(work) // (jobs * 8)))) if parallel
                   else map(_scan_folder, work))
        for report in reports:  # in the folders' order either way
            out.append(report)
            if on_done:
                on_done()
    return out


def scan_targets(targets: list[str], *, offline: bool = False, suppressions: list[dict] | None = None,
                 jobs: int | None = None, on_total=None, on_done=None) -> list[ScanReport]:
    """Scan every skill each target names: a skill folder, a folder of skills, a single file, or a source.

    A source that is not a local path (git URL, owner/repo, index name) is resolved by
    ``ops.resolve`` exactly as ``add`` resolves it; nothing is installed. Local skill folders
    are scanned on ``jobs`` processes when there are many (``on_total(n)`` then ``on_done()``
    per skill report progress); the reports keep the order of the targets.
    """
    from skillpm import config
    from skillpm.hashing import Tree
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
            if on_total:
                on_total(len(folders))
            reports += _scan_folders(folders, suppressions, config.limits(), jobs, on_done)
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
