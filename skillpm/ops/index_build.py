"""``skillpm index build``: turn skill repositories into registry-index entries.

For each source: find every folder with a SKILL.md at the chosen commit, and for
each one whose git tree id differs from the entry's latest version, load, hash,
count and scan it with the code ``add`` uses (in parallel worker processes).
A version is appended only when the h1 changed. A source whose commit is the one
recorded in ``sources.toml`` is skipped (no work). Afterwards the catalogue is
refreshed and near-copies are linked to their originals.
"""

from __future__ import annotations

import hashlib
import os
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

from skillpm.errors import SkillpmError
from skillpm.index.format import Entry, Version, repo_id, slug
from skillpm.index.store import DEFAULT_CONFIG, IndexDir, config_text

Progress = Callable[[str, int, int], None]  # (phase, done, total)
SOURCES_FILE = "sources.toml"


@dataclass
class Source:
    repo: str  # URL recorded in entries (https://github.com/owner/repo)
    git_dir: Path  # local repository to read from
    rev: str = "HEAD"


@dataclass
class BuildReport:
    sources: int = 0
    skipped_sources: int = 0  # commit unchanged since the last build
    skills: int = 0  # skill folders seen
    analysed: int = 0  # loaded, hashed, counted and scanned
    new_entries: int = 0
    new_versions: int = 0
    unchanged: int = 0
    refused: list[str] = field(default_factory=list)  # "id: reason" for folders that are not loadable
    entries_total: int = 0
    linked_copies: int = 0
    seconds: float = 0.0

    @property
    def per_second(self) -> float:
        return self.analysed / self.seconds if self.seconds else 0.0

    def to_dict(self) -> dict:
        d = dict(self.__dict__)
        d["per_second"] = round(self.per_second, 1)
        return d


def today() -> str:
    return os.environ.get("SKILLPM_BUILD_DATE") or datetime.now(timezone.utc).strftime("%Y-%m-%d")


def parse_source(spec: str, as_url: str | None = None, rev: str | None = None) -> Source:
    """``PATH``, ``URL=PATH`` (record URL, read PATH) or a remote ``URL`` (cloned into the cache)."""
    from skillpm.index.gitread import find_git_dir, git

    url, sep, path = spec.partition("=")
    if sep and "://" in url:
        return Source(as_url or url, find_git_dir(Path(path)), rev or "HEAD")
    if "://" in spec and not spec.startswith("file://"):
        src = _fetch(spec.removeprefix("git+"))
        return Source(as_url or src.repo, src.git_dir, rev or src.rev)
    local = Path(spec.removeprefix("file://"))
    gd = find_git_dir(local)
    if as_url is None:
        try:
            as_url = git(gd, "config", "--get", "remote.origin.url").decode().strip() or None
        except SkillpmError:
            as_url = None
    return Source(as_url or local.resolve().as_uri(), gd, rev or "HEAD")


def sources_from_file(path: Path, mirror_root: Path | None = None, pinned: bool = False) -> list[Source]:
    """The [[source]] list of a sources.toml; each read from ``mirror_root`` when given, else cloned."""
    from skillpm.config import load_toml
    from skillpm.index.gitread import find_git_dir

    data = load_toml(Path(path), "index sources file")
    if not data:
        raise SkillpmError(f"no sources in {path}", "give a sources.toml with [[source]] repo = \"https://…\"")
    out = []
    for s in data.get("source", []):
        repo = s["repo"]
        rev = s.get("commit") if pinned and s.get("commit") else "HEAD"
        if mirror_root is not None:
            owner, name = repo.rstrip("/").split("/")[-2:]
            for cand in (mirror_root / f"{owner}+{name}" / "repo", mirror_root / owner / name,
                         mirror_root / owner / f"{name}.git", mirror_root / f"{owner}+{name}"):
                if cand.exists():
                    out.append(Source(repo, find_git_dir(cand), rev))
                    break
            else:
                raise SkillpmError(f"no clone of {repo} under {mirror_root}",
                                   f"clone it to {mirror_root / owner / name}, or drop --mirror-root to fetch it")
        elif rev != "HEAD":
            from skillpm.sources import ensure_commit

            out.append(Source(repo, ensure_commit(repo, rev), rev))
        else:
            out.append(_fetch(repo))
    return out


def _fetch(url: str) -> Source:
    """A remote repository at its default branch, fetched (shallow) into skillpm's git cache
    by the same code ``add`` uses. Shallow history means no upstream creation dates: near-copy
    ages then fall back to first-seen dates; build from a full clone (URL=PATH) to have them."""
    from skillpm.sources import ensure_commit, resolve_ref

    commit = resolve_ref(url, None)
    return Source(url, ensure_commit(url, commit), commit)


def read_sources(out: Path) -> dict[str, dict]:
    from skillpm.config import load_toml

    data = load_toml(Path(out) / SOURCES_FILE, "index sources file")
    return {s["repo"]: s for s in data.get("source", []) if "repo" in s}


def write_sources(out: Path, sources: dict[str, dict]) -> None:
    from skillpm.fsutil import atomic_write_text
    from skillpm.index.format import _key, _val

    lines = ["# Repositories this index is built from, and the commit each was last built at.",
             "# Generated by `skillpm index build`; bench/build_index.sh rebuilds from this list."]
    for repo in sorted(sources):
        lines += ["", "[[source]]"]
        lines += [f"{_key(k)} = {_val(v)}" for k, v in sources[repo].items()]
    atomic_write_text(Path(out) / SOURCES_FILE, "\n".join(lines) + "\n")


def build(sources: list[Source], out: Path, *, workers: int | None = None, force: bool = False,
          link: bool = True, progress: Progress | None = None) -> BuildReport:
    start = time.perf_counter()
    out = Path(out)
    store = IndexDir(out)
    _ensure_config(out)
    report = BuildReport(sources=len(sources))
    built = read_sources(out)
    catalog = {row[0]: row for row in store.catalog()}
    texts: dict[str, str] = {}
    workers = workers or os.cpu_count() or 1
    pool = None
    try:
        for src in sources:
            commit = _rev(src)
            prev = built.get(src.repo)
            if prev and prev.get("commit") == commit and not force:
                report.skipped_sources += 1
                continue
            if pool is None and workers > 1:
                from concurrent.futures import ProcessPoolExecutor

                pool = ProcessPoolExecutor(max_workers=workers)
            n = _build_source(src, commit, store, catalog, texts, report, pool, force, progress)
            built[src.repo] = {"repo": src.repo, "commit": commit, "built": today(), "skills": n}
            write_sources(out, built)  # after each source, so an interrupted build resumes
            store.write_catalog(list(catalog.values()))
    finally:
        if pool is not None:
            pool.shutdown()
    report.entries_total = len(catalog)
    if link and (report.analysed or force):
        report.linked_copies = link_copies(store, catalog, texts, progress)
        store.write_catalog(list(catalog.values()))
    report.seconds = time.perf_counter() - start
    return report


def _rev(src: Source) -> str:
    from skillpm.index.gitread import rev_parse

    return rev_parse(src.git_dir, src.rev)


def _ensure_config(out: Path) -> None:
    from skillpm.fsutil import atomic_write_text

    path = out / "config.toml"
    if not path.exists():
        atomic_write_text(path, config_text(DEFAULT_CONFIG))


def _build_source(src: Source, commit: str, store: IndexDir, catalog: dict, texts: dict, report: BuildReport,
                  pool, force: bool, progress: Progress | None) -> int:
    from skillpm.index import gitread

    folders = gitread.skill_folders(src.git_dir, commit)
    try:
        created = gitread.created_dates(src.git_dir, commit)
    except SkillpmError:
        created = {}
    rid = repo_id(src.repo)
    existing: dict[str, Entry] = {}
    for sid, row in catalog.items():
        if row[4] == src.repo:
            e = store.read_entry(sid)
            if e is not None:
                existing[e.path] = e
    taken = set(catalog)
    date = today()
    report.skills += len(folders)
    work: list[tuple[str, str, Entry | None]] = []
    for path, tree in folders.items():
        entry = existing.get(path)
        if entry is not None and entry.latest and entry.latest.tree == tree and not force:
            if entry.latest.last_seen != date:
                entry.latest.last_seen = date
                store.write_entry(entry)
            report.unchanged += 1
            continue
        work.append((path, tree, entry))
    if not work:
        return len(folders)
    default_name = rid.rsplit("/", 1)[-1]
    jobs = [(str(src.git_dir), commit, path, path.rsplit("/", 1)[-1] if path else default_name)
            for path, _, _ in work]
    results = _run(jobs, pool, progress, rid)
    for (path, tree, entry), res in zip(work, results):
        report.analysed += 1
        folder_name = path.rsplit("/", 1)[-1] if path else default_name
        if not res.get("ok"):
            report.refused.append(f"{rid}/{path or '.'}: {res.get('error')}")
            continue
        if entry is None:
            sid = f"{rid}/{slug(res['name'] if _usable(res['name']) else folder_name)}"
            if sid in taken:
                sid = f"{sid}-{hashlib.sha256(path.encode()).hexdigest()[:6]}"
            taken.add(sid)
            entry = Entry(id=sid, name="", description="", repo=src.repo, path=path)
            report.new_entries += 1
        v = res["version"]
        latest = entry.latest
        if latest is not None and latest.h1 == v["h1"]:
            latest.last_seen = date
            latest.tree = tree
            for k in ("grade", "rules", "findings", "finding", "tokens", "problems"):
                if k in v:
                    setattr(latest, k, v[k])
        else:
            entry.versions.append(Version(commit=commit, tree=tree, first_seen=date, last_seen=date, **v))
            report.new_versions += 1
        entry.name = res["name"]
        entry.description = res["description"]
        entry.license = res["license"]
        entry.signature = res["signature"]
        entry.created = created.get(path) or entry.created
        store.write_entry(entry)
        catalog[entry.id] = entry.catalog_row()
        skill_md_sha = next((f["sha256"] for f in v["files"] if f["path"].lower() == "skill.md"), None)
        if skill_md_sha:
            texts[skill_md_sha] = res["text"]
            _cache_text(skill_md_sha, res["text"])
    return len(folders)


def _usable(name: str) -> bool:
    return bool(name) and len(name) <= 100


def _run(jobs: list[tuple], pool, progress: Progress | None, label: str) -> list[dict]:
    from skillpm.index.analyze import analyze_git

    total = len(jobs)
    results: list[dict] = [{}] * total
    if pool is None:
        for i, job in enumerate(jobs):
            results[i] = analyze_git(*job)
            if progress:
                progress(label, i + 1, total)
        return results
    from concurrent.futures import as_completed

    futures = {pool.submit(analyze_git, *job): i for i, job in enumerate(jobs)}
    for done, fut in enumerate(as_completed(futures), 1):
        try:
            results[futures[fut]] = fut.result()
        except SkillpmError:
            # Skill problems come back as results; an error here is systemic (no tokenizer file…).
            for f in futures:
                f.cancel()
            raise
        except Exception as exc:  # a crash on one skill must not lose the others
            results[futures[fut]] = {"ok": False, "error": f"internal error: {type(exc).__name__}: {exc}"}
        if progress:
            progress(label, done, total)
    return results


# --- near-copies ------------------------------------------------------------------------------

def _text_cache() -> Path:
    from skillpm.paths import cache_dir

    return cache_dir() / "index-build" / "texts"


def _cache_text(sha: str, text: str) -> None:
    path = _text_cache() / sha[:2] / f"{sha}.md"
    if not path.exists():
        from skillpm.fsutil import atomic_write_text

        atomic_write_text(path, text)


def _cached_text(sha: str) -> str | None:
    try:
        return (_text_cache() / sha[:2] / f"{sha}.md").read_text(encoding="utf-8")
    except (FileNotFoundError, UnicodeDecodeError):
        return None


def link_copies(store: IndexDir, catalog: dict, texts: dict, progress: Progress | None = None) -> int:
    """Record for every entry whether it is a near-copy of an older entry, and of which.

    Returns how many entries are near-copies. Rewrites only entries whose link changed.
    """
    from skillpm.index import similarity as sim

    entries: dict[str, Entry] = {}
    ids = sorted(catalog)
    for i, sid in enumerate(ids):
        e = store.read_entry(sid)
        if e is not None and e.latest is not None:
            entries[sid] = e
        if progress and (i % 200 == 0 or i + 1 == len(ids)):
            progress("reading entries", i + 1, len(ids))
    sigs = {sid: sim.parse_signature(e.signature) for sid, e in entries.items() if e.signature}
    cands = sim.candidates(sigs)

    def age(e: Entry) -> tuple:
        return (e.created or e.first_seen or "9999", e.first_seen or "9999", e.id)

    def text_of(e: Entry) -> str | None:
        sha = next((f["sha256"] for f in e.latest.files if f["path"].lower() == "skill.md"), None)
        if sha is None:
            return None
        return texts.get(sha) or _cached_text(sha)

    links: dict[str, dict] = {}
    copies: dict[str, int] = {}
    todo = sorted(cands)
    for i, sid in enumerate(todo):
        if progress and (i % 100 == 0 or i + 1 == len(todo)):
            progress("finding near-copies", i + 1, len(todo))
        e = entries.get(sid)
        if e is None:
            continue
        older = [(sim.estimate(sigs[sid], sigs[o]), o) for o in cands[sid] if o in entries and age(entries[o]) < age(e)]
        # Most similar first; among equals, the oldest — identical copies all point at the original.
        older = sorted((x for x in older if x[0] >= sim.CANDIDATE), key=lambda x: (-x[0], age(entries[x[1]])))[:3]
        best: tuple[float, str] | None = None
        mine = text_of(e)
        for est, o in older:
            theirs = text_of(entries[o])
            score = sim.line_similarity(mine, theirs, sim.NEAR) if mine is not None and theirs is not None else est
            if score >= sim.NEAR and (best is None or score > best[0] or
                                      (score == best[0] and age(entries[o]) < age(entries[best[1]]))):
                best = (score, o)
        if best is None:
            continue
        score, o = best
        link = {"of": o, "similarity": round(score, 3)}
        theirs = text_of(entries[o])
        if mine is not None and theirs is not None:
            diff = sim.differing_lines(mine, theirs)
            link["diff"] = diff
            changed = {d["line"] for d in diff}
            flagged = [f for f in e.latest.finding if f.get("file", "").lower() == "skill.md" and f.get("line") in changed]
            link["findings_in_diff"] = len(flagged)
        links[sid] = link
        copies[o] = copies.get(o, 0) + 1
    for sid, e in entries.items():
        new = dict(links.get(sid, {}))
        if sid in copies:
            new["copies"] = copies[sid]
        if new != e.original:
            e.original = new
            store.write_entry(e)
            catalog[sid] = e.catalog_row()
    return len(links)
