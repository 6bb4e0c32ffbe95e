"""``skillpm outdated``: which locked skills changed upstream.

A skill is outdated only when the ref it follows moved AND the git tree id of its
folder changed: a commit that touches other folders of the repository is not an
update. Asked with ``git ls-remote`` and a blob-less fetch into a throw-away
repository (see ``sources.UpstreamProbe``), so no file content is downloaded and
nothing on disk changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from skillpm.lockfile import LockEntry


@dataclass
class OutdatedItem:
    name: str
    source: str
    path: str
    requested: str | None
    locked_commit: str | None
    locked_tree: str | None
    latest_commit: str | None = None
    latest_tree: str | None = None
    # "outdated" | "up-to-date" | "moved" (ref moved, skill folder unchanged) | "pinned" (a commit is
    # requested) | "ref-gone" | "path-gone" | "unreachable"
    status: str = "up-to-date"
    detail: str = ""

    @property
    def outdated(self) -> bool:
        return self.status == "outdated"

    def to_dict(self) -> dict:
        return {**self.__dict__, "outdated": self.outdated}


@dataclass
class OutdatedResult:
    items: list[OutdatedItem]

    @property
    def outdated(self) -> list[OutdatedItem]:
        return [i for i in self.items if i.outdated]

    def to_dict(self) -> dict:
        return {"outdated": [i.name for i in self.outdated], "skills": [i.to_dict() for i in self.items]}


class Upstream:
    """Answers about upstreams for one run: one ``ls-remote`` per URL, one probe repository per URL
    (so N skills from one repository cost one blob-less fetch), memoised history checks.
    Use as a context manager: the probe repositories are removed on exit."""

    def __init__(self):
        import contextlib

        self._refs: dict[str, dict[str, str] | Exception] = {}
        self._probes: dict = {}
        self._memo: dict[tuple, object] = {}
        self._stack = contextlib.ExitStack()

    def __enter__(self) -> "Upstream":
        return self

    def __exit__(self, *exc) -> None:
        self._stack.close()

    def refs(self, url: str) -> dict[str, str]:
        from skillpm.errors import SkillpmError
        from skillpm.sources import remote_refs

        if url not in self._refs:
            try:
                self._refs[url] = remote_refs(url)
            except SkillpmError as exc:
                self._refs[url] = exc
        got = self._refs[url]
        if isinstance(got, Exception):
            raise got
        return got

    def probe(self, url: str):
        from skillpm.sources import UpstreamProbe

        if url not in self._probes:
            self._probes[url] = self._stack.enter_context(UpstreamProbe(url))
        return self._probes[url]

    def _memoised(self, key: tuple, fn):
        if key not in self._memo:
            self._memo[key] = fn()
        return self._memo[key]

    def tree_id(self, url: str, commit: str, path: str) -> str | None:
        return self._memoised(("tree", url, commit, path), lambda: self.probe(url).tree_id(commit, path))

    def history_state(self, url: str, head: str, locked: str) -> str:
        return self._memoised(("hist", url, head, locked), lambda: self.probe(url).history_state(head, locked))

    def commit_exists(self, url: str, commit: str) -> bool:
        return self._memoised(("exists", url, commit), lambda: self.probe(url).commit_exists(commit))


def index_entry(entry: LockEntry, index_url: str | None):
    """The index's record of a skill installed from it (None when it cannot be read)."""
    if not entry.index_id:
        return None
    try:
        from skillpm import index as index_mod
    except ImportError:  # pragma: no cover - the index ships with skillpm
        return None
    from skillpm.errors import SkillpmError

    try:
        return index_mod.open_index(index_url).get(entry.index_id)
    except SkillpmError:
        return None


def local_source_state(entry: LockEntry, ws_dir: Path | None) -> tuple[Path, str | None, str | None]:
    """(folder, h1, error) of a path-sourced skill's source folder, read in place."""
    from skillpm.deploy import inspect_folder

    base = Path(entry.url)
    if not base.is_absolute() and ws_dir is not None:
        base = ws_dir / base
    folder = base / entry.path if entry.path else base
    st = inspect_folder(folder)
    if not st.exists:
        return folder, None, f"the source folder {folder} is gone"
    return folder, st.h1, st.error


def check_upstream(entry: LockEntry, up: Upstream, index_url: str | None = None,
                   ws_dir: Path | None = None) -> OutdatedItem:
    """Compare one git lock entry with its upstream, by tree id (for index skills: with the index)."""
    from skillpm import gitutil
    from skillpm.errors import SkillpmError
    from skillpm.sources import ref_target

    item = OutdatedItem(entry.name, entry.source, entry.path, entry.requested, entry.commit, entry.tree)
    if not entry.is_git:
        folder, h1, error = local_source_state(entry, ws_dir)
        if error:
            item.status, item.detail = "path-gone", error
        elif h1 != entry.hash:
            item.status, item.detail = "outdated", f"the source folder {folder} changed since it was locked"
        else:
            item.status, item.detail = "up-to-date", "local folder, unchanged"
        return item
    ie = index_entry(entry, index_url)
    if ie is not None and ie.latest is not None:
        v = ie.latest
        item.latest_commit, item.latest_tree = v.commit, v.tree
        if v.h1 != entry.hash:
            item.status, item.detail = "outdated", f"the index lists a newer version (commit {v.commit[:12]}, grade {v.grade or '?'})"
        return item
    if entry.requested and gitutil.HEX40.match(entry.requested.lower()):
        item.status, item.latest_commit, item.latest_tree = "pinned", entry.commit, entry.tree
        item.detail = "pinned to a commit"
        return item
    try:
        head, kind = ref_target(up.refs(entry.url), entry.requested)
    except SkillpmError as exc:
        item.status, item.detail = "unreachable", getattr(exc, "detail", "") or exc.message
        return item
    if head is None:
        item.status = "ref-gone"
        item.detail = f"{'ref ' + repr(entry.requested) if entry.requested else 'the default branch'} no longer exists upstream"
        return item
    item.latest_commit = head
    if head == entry.commit:
        item.latest_tree = entry.tree
        return item
    try:
        item.latest_tree = up.tree_id(entry.url, head, entry.path)
    except SkillpmError as exc:
        item.status, item.detail = "unreachable", getattr(exc, "detail", "") or exc.message
        return item
    label = {"head": "the default branch", "branch": f"branch {entry.requested!r}", "tag": f"tag {entry.requested!r}"}[kind]
    if item.latest_tree is None:
        item.status, item.detail = "path-gone", f"{entry.path or 'the repository root'} no longer exists at {head[:12]}"
    elif item.latest_tree == entry.tree:
        item.status, item.detail = "moved", f"{label} moved to {head[:12]}; the skill folder is unchanged"
    else:
        item.status, item.detail = "outdated", f"{label} moved to {head[:12]} and the skill folder changed"
    return item


def outdated(names: list[str] | None = None, *, global_: bool = False, project: Path | None = None) -> OutdatedResult:
    from skillpm.ops.remove import select_entries
    from skillpm.workspace import open_workspace

    ws = open_workspace(global_, project)
    lock = ws.lock()
    if not lock.exists:
        from skillpm.errors import SkillpmError

        raise SkillpmError(f"no skillpm.lock in {ws.state_dir}", "cd into the project, or run `skillpm install` first")
    with Upstream() as up:
        return OutdatedResult([check_upstream(e, up, lock.index.get("url"), ws.state_dir)
                               for e in select_entries(lock, names)])
