"""What the index records about one skill folder, computed exactly as ``add`` computes it:
the same loader (``skill.inspect_skill``), hasher (``hashing``), tokenizer (``tokens``)
and scanner (``scan``). Runs in worker processes during ``skillpm index build``.
"""

from __future__ import annotations

from pathlib import Path

MAX_FINDING_TEXT = 160


def analyze_folder(folder: str, folder_name: str | None = None) -> dict:
    """Load, hash, count and scan the skill at ``folder``; never raises for a bad skill.

    Returns a plain dict (picklable): ``ok`` False with ``error`` when the folder
    could not be read as a skill at all (unsafe links, size caps); otherwise the
    metadata, a version record and the SKILL.md text (for near-copy diffs).
    """
    from skillpm.errors import SkillpmError
    from skillpm.hashing import read_tree
    from skillpm.skill import skill_from_tree

    path = Path(folder)
    name_hint = folder_name or path.name
    try:
        tree = read_tree(path)
        skill = skill_from_tree(tree, name_hint, "lenient", origin=str(path))
    except SkillpmError as exc:
        return {"ok": False, "error": exc.message}
    return analyze_skill(skill)


def analyze_git(git_dir: str, commit: str, path: str, folder_name: str) -> dict:
    """Like ``analyze_folder``, reading the skill from git objects exactly as ``add`` does
    for a git source (``sources.tree_from_git``)."""
    from skillpm.errors import SkillpmError
    from skillpm.skill import skill_from_tree
    from skillpm.sources import tree_from_git

    try:
        tree = tree_from_git(Path(git_dir), commit, path)
        skill = skill_from_tree(tree, folder_name, "lenient", origin=f"{path or '.'} at {commit[:12]}")
    except SkillpmError as exc:
        return {"ok": False, "error": exc.message}
    return analyze_skill(skill)


def analyze_skill(skill) -> dict:
    from skillpm.index.similarity import signature

    tree = skill.tree
    raw = tree.files.get(skill.skill_md, b"")
    text = raw.decode("utf-8", "replace")
    sizes = {p: len(b) for p, b in tree.files.items()}
    digests = tree.digests()
    version = {
        "h1": tree.h1,
        "lines": text.count("\n") + (0 if text.endswith("\n") or not text else 1),
        "files": [{"path": p, "size": sizes[p], "sha256": digests[p].removeprefix("sha256:")}
                  for p in sorted(tree.files, key=lambda s: s.encode("utf-8"))],
        "executables": sorted(tree.executables),
        "problems": [str(p) for p in skill.problems],
    }
    version.update(_tokens(skill))
    version.update(_scan(tree))
    lic = skill.license
    return {
        "ok": True,
        "name": skill.name,
        "description": skill.description,
        "license": lic,
        "signature": signature(text),
        "text": text,
        "version": version,
    }


def _tokens(skill) -> dict:
    try:
        from skillpm import tokens
    except ImportError:  # the tokenizer module is not part of this build: record no counts
        return {}
    cost = tokens.skill_cost(skill)
    return {"tokens": {"session": int(cost.session), "invoke": int(cost.invoke), "resources": int(cost.resources)}}


def _scan(tree) -> dict:
    try:
        from skillpm.scan import scan_tree
    except ImportError:  # the scanner is not part of this build of skillpm: record no grade
        return {}
    result = scan_tree(tree)
    findings = []
    for f in result.findings:
        d = {"rule": f.rule, "severity": f.severity, "file": f.file, "line": int(f.line or 0),
             "text": (f.text or "")[:MAX_FINDING_TEXT], "message": f.message}
        if getattr(f, "decoded", None):
            d["decoded"] = f.decoded[:MAX_FINDING_TEXT]  # what hidden text spells
        findings.append(d)
    counts = result.counts() if hasattr(result, "counts") else {}
    from skillpm.index.format import SEVERITIES

    return {"grade": result.grade, "rules": str(result.rules_version),
            "findings": {s: int(counts.get(s, 0)) for s in SEVERITIES},
            "finding": findings}
