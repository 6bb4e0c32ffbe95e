"""``skillpm audit``: a three-way comparison of the lock, the installed bytes and upstream.

Read-only: nothing in the project, the agents' folders or the cache changes (upstream
is asked through throw-away repositories in the system temp folder, see
``sources.UpstreamProbe``). ``--accept`` is the one exception, and it only appends to
``skillpm-reviews.toml``.

Findings, per skill:
- ``local-modified`` (high): an installed folder's bytes differ from the lock; names the files.
- ``local-missing`` (medium): an agent folder the lock lists holds no copy.
- ``upstream-updated`` (low): the followed branch moved and the skill folder's tree changed.
- ``upstream-rewritten`` (critical): the locked commit is gone upstream, or a tag now points
  elsewhere; (high) the commit survives but the branch no longer contains it (force-push).
- ``upstream-unreachable`` (medium): upstream could not be asked; nothing is known.
- ``index-mismatch`` (critical): the index's history of the skill disagrees with the lock.
- ``scan-regressed`` (by the new grade): today's rules grade the locked bytes worse than the
  lock records; lists the findings.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from skillpm.lockfile import Lock, LockEntry
from skillpm.workspace import Workspace

SEVERITIES = ["info", "low", "medium", "high", "critical"]  # same names as the scanner
GRADES = "ABCDF"
GRADE_SEVERITY = {"B": "low", "C": "medium", "D": "high", "F": "critical"}


def severity_rank(sev: str) -> int:
    from skillpm.errors import SkillpmError

    try:
        return SEVERITIES.index(sev.lower())
    except ValueError:
        raise SkillpmError(f"unknown severity {sev!r}", "use one of: " + ", ".join(SEVERITIES)) from None


@dataclass
class AuditFinding:
    skill: str
    kind: str
    severity: str
    message: str
    subject: str | None = None  # what a review accepts (see ops/review.py); None: cannot be accepted
    folder: str | None = None
    agents: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    details: list[str] = field(default_factory=list)
    reviewed: dict | None = None  # {by, at, note} when a review accepted this finding

    def to_dict(self) -> dict:
        return dict(self.__dict__)


@dataclass
class AuditResult:
    findings: list[AuditFinding]
    checked: list[str]
    offline: bool
    rules: str | None = None
    accepted: dict | None = None  # the review recorded by --accept

    @property
    def open(self) -> list[AuditFinding]:
        """Findings nobody reviewed yet."""
        return [f for f in self.findings if f.reviewed is None]

    def fails(self, threshold: str | None) -> bool:
        if not threshold:
            return False
        t = severity_rank(threshold)
        return any(severity_rank(f.severity) >= t for f in self.open)

    def counts(self) -> dict[str, int]:
        c = {s: 0 for s in SEVERITIES}
        for f in self.open:
            c[f.severity] += 1
        return c

    def to_dict(self) -> dict:
        return {"checked": self.checked, "offline": self.offline, "rules": self.rules, "counts": self.counts(),
                "findings": [f.to_dict() for f in self.findings], "accepted": self.accepted}


# ---------------------------------------------------------------- local


def local_findings(entry: LockEntry, ws: Workspace) -> tuple[list[AuditFinding], object]:
    """Findings from the installed folders, and the locked bytes when some folder holds them."""
    from skillpm.deploy import inspect_folder
    from skillpm.hashing import read_tree
    from skillpm.ops.verify import entry_folders

    found: list[AuditFinding] = []
    tree = None
    for folder, agents, _canonical in entry_folders(entry, ws):
        st = inspect_folder(folder)
        if not st.exists:
            found.append(AuditFinding(entry.name, "local-missing", "medium",
                                      f"{folder} holds no copy (run `skillpm install`)", "missing:" + entry.hash,
                                      str(folder), agents))
        elif st.error:
            found.append(AuditFinding(entry.name, "local-modified", "high", f"{folder}: {st.error}", None,
                                      str(folder), agents))
        elif st.h1 != entry.hash:
            added, removed, changed = st.diff(entry.files)
            parts = [f"{k} {', '.join(v)}" for k, v in (("changed", changed), ("added", added), ("removed", removed)) if v]
            found.append(AuditFinding(entry.name, "local-modified", "high",
                                      f"{folder} was edited since install: " + "; ".join(parts), st.h1,
                                      str(folder), agents, changed, added, removed))
        elif tree is None:
            tree = read_tree(folder)
    return found, tree


def scan_findings(entry: LockEntry, tree) -> tuple[list[AuditFinding], str | None]:
    """Rescan the locked bytes with today's rules; a worse grade than the lock is ``scan-regressed``."""
    from skillpm import scan as scanner
    from skillpm.config import user_config

    if tree is None:
        from skillpm import store

        tree = store.get(entry.hash)
    if tree is None:
        return [AuditFinding(entry.name, "scan-skipped", "info",
                             "locked bytes are neither installed intact nor in the cache; not rescanned "
                             "(run `skillpm install` first)")], None
    result = scanner.scan_tree(tree, suppressions=user_config().get("suppress", []))
    old, new = (entry.grade or "").upper(), (result.grade or "").upper()
    if not old or old not in GRADES or new not in GRADES or GRADES.index(new) <= GRADES.index(old):
        return [], result.rules_version
    details = []
    for f in result.findings:
        if getattr(f, "suppressed", None):
            continue
        if severity_rank(getattr(f, "severity", "info")) >= severity_rank("medium"):
            details.append(f"{f.severity.upper()} {f.rule} {f.file}:{f.line}  {(getattr(f, 'text', '') or '')[:120]}")
    rules_then = entry.rules or "unknown"
    msg = (f"rescanned with rules {result.rules_version}: grade {old} -> {new} "
           f"(the lock recorded {old} under rules {rules_then})")
    return [AuditFinding(entry.name, "scan-regressed", GRADE_SEVERITY[new], msg,
                         f"rules:{result.rules_version}:{entry.hash}", details=details)], result.rules_version


# ---------------------------------------------------------------- upstream


def local_source_findings(entry: LockEntry, ws: Workspace) -> list[AuditFinding]:
    """For a skill added from a folder, that folder is its upstream: read it in place."""
    from skillpm.ops.outdated import local_source_state

    folder, h1, error = local_source_state(entry, ws.state_dir)
    if error:
        return [AuditFinding(entry.name, "upstream-unreachable", "medium", f"{error}; nothing is known about it")]
    if h1 != entry.hash:
        return [AuditFinding(entry.name, "upstream-updated", "low",
                             f"the source folder {folder} changed since it was locked; "
                             f"`skillpm update {entry.name}` shows the diff", h1)]
    return []


def upstream_findings(entry: LockEntry, up) -> list[AuditFinding]:
    """Ask upstream (through ``outdated.Upstream``) whether the locked commit and tree still stand."""
    from skillpm.errors import SkillpmError
    from skillpm.sources import ref_target

    if not entry.is_git or not entry.commit:
        return []
    name, locked, url = entry.name, entry.commit, entry.url
    out: list[AuditFinding] = []
    try:
        head, kind = ref_target(up.refs(url), entry.requested)
        if kind == "commit":
            if not up.commit_exists(url, locked):
                out.append(AuditFinding(name, "upstream-rewritten", "critical",
                                        f"the locked commit {locked[:12]} is gone from {url}", f"gone:{locked}"))
            return out
        if head is None:
            ref = repr(entry.requested) if entry.requested else "the default branch"
            gone = not up.commit_exists(url, locked)
            out.append(AuditFinding(name, "upstream-rewritten", "critical" if gone else "high",
                                    f"{ref} no longer exists in {url}"
                                    + (f" and the locked commit {locked[:12]} is gone" if gone else ""),
                                    f"ref-gone:{entry.requested}:{locked}"))
            return out
        if kind == "tag":
            if head != locked:
                out.append(AuditFinding(name, "upstream-rewritten", "critical",
                                        f"tag {entry.requested!r} now points to {head[:12]}, the lock says {locked[:12]}",
                                        f"commit:{head}"))
            return out
        state = up.history_state(url, head, locked)
        label = f"branch {entry.requested!r}" if entry.requested else "the default branch"
        if state == "gone":
            out.append(AuditFinding(name, "upstream-rewritten", "critical",
                                    f"the locked commit {locked[:12]} is gone from {url} "
                                    f"({label} was rewritten; it is now at {head[:12]})", f"commit:{head}"))
            return out
        if state == "off-branch":
            out.append(AuditFinding(name, "upstream-rewritten", "high",
                                    f"{label} of {url} was rewritten: it no longer contains the locked "
                                    f"commit {locked[:12]} (now at {head[:12]})", f"commit:{head}"))
        if state in ("ancestor", "off-branch"):
            tree = up.tree_id(url, head, entry.path)
            if tree is None:
                out.append(AuditFinding(name, "upstream-updated", "low",
                                        f"{label} moved to {head[:12]} and the skill folder "
                                        f"{entry.path or '(repository root)'} no longer exists there",
                                        f"tree:none:{head}"))
            elif tree != entry.tree:
                out.append(AuditFinding(name, "upstream-updated", "low",
                                        f"{label} moved to {head[:12]} and the skill changed "
                                        f"(tree {(entry.tree or '?')[:12]} -> {tree[:12]}); "
                                        f"`skillpm update {name}` shows the diff", f"tree:{tree}"))
    except SkillpmError as exc:
        detail = getattr(exc, "detail", "") or exc.message
        out.append(AuditFinding(name, "upstream-unreachable", "medium", f"cannot ask {url}: {detail}"))
    return out


# ---------------------------------------------------------------- index


def index_findings(entry: LockEntry, lock: Lock) -> list[AuditFinding]:
    from skillpm.ops.outdated import index_entry

    if not entry.index_id:
        return []
    ie = index_entry(entry, lock.index.get("url"))
    if ie is None:
        return [AuditFinding(entry.name, "index-unchecked", "info",
                             f"the index ({lock.index.get('url') or 'default'}) has no readable entry {entry.index_id}")]
    same_commit = [v for v in ie.versions if v.commit == entry.commit]
    same_hash = [v for v in ie.versions if v.h1 == entry.hash]
    subject = f"index:{entry.hash}"
    for v in same_commit:
        if v.h1 != entry.hash or (entry.tree and v.tree and v.tree != entry.tree):
            return [AuditFinding(entry.name, "index-mismatch", "critical",
                                 f"the index records commit {v.commit[:12]} of {entry.index_id} as {v.h1} "
                                 f"(tree {v.tree[:12]}), the lock says {entry.hash} (tree {(entry.tree or '?')[:12]})",
                                 subject)]
    if not same_commit and not same_hash:
        return [AuditFinding(entry.name, "index-mismatch", "critical",
                             f"the index's history of {entry.index_id} has no version with the locked commit "
                             f"{(entry.commit or '?')[:12]} or hash {entry.hash}", subject)]
    return []


# ---------------------------------------------------------------- the operation


def apply_reviews(findings: list[AuditFinding], reviews) -> None:
    from skillpm.ops.review import find_review

    for f in findings:
        if f.subject is None:
            continue
        r = find_review(reviews, f.skill, f.subject)
        if r is not None:
            f.reviewed = {"by": r.by, "at": r.at, "note": r.note}


def audit(names: list[str] | None = None, *, offline: bool = False, global_: bool = False,
          project: Path | None = None, accept: str | None = None, by: str | None = None,
          note: str = "") -> AuditResult:
    from skillpm.ops.outdated import Upstream
    from skillpm.ops.remove import select_entries
    from skillpm.ops.review import load_reviews
    from skillpm.workspace import open_workspace

    ws = open_workspace(global_, project)
    lock = ws.lock()
    if not lock.exists:
        from skillpm.errors import SkillpmError

        raise SkillpmError(f"no skillpm.lock in {ws.state_dir}", "cd into the project, or run `skillpm install` first")
    if accept:
        names = [accept]
    entries = select_entries(lock, names)
    findings: list[AuditFinding] = []
    rules = None
    with Upstream() as up:
        for entry in entries:
            local, tree = local_findings(entry, ws)
            findings += local
            scanned, rv = scan_findings(entry, tree)
            findings += scanned
            rules = rules or rv
            findings += index_findings(entry, lock)
            if not entry.is_git:
                findings += local_source_findings(entry, ws)
            if not offline:
                findings += upstream_findings(entry, up)
    result = AuditResult(findings, [e.name for e in entries], offline, rules)
    if accept:
        result.accepted = accept_findings(ws, lock.skills[accept], findings, by=by, note=note).to_dict()
    apply_reviews(findings, load_reviews(ws.state_dir))
    return result


def accept_findings(ws: Workspace, entry: LockEntry, findings: list[AuditFinding], *, by: str | None, note: str):
    """Record that a reviewer accepted ``entry`` as it is now, with every current finding."""
    from datetime import datetime, timezone

    from skillpm.ops.review import Review, default_reviewer, record_review

    subjects = sorted({f.subject for f in findings if f.subject})
    review = Review(entry.name, entry.hash, by or default_reviewer(),
                    datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"), note, subjects)
    record_review(ws.state_dir, review)
    return review
