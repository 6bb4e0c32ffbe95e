"""Reading a registry index through one of its transports (DESIGN §6).

- the snapshot shipped inside the package (the offline default),
- a local folder (``file:///path`` or a plain path),
- a git remote (``git+https://…``, ``git+file://…``, or ``file://`` of a git repository),
  cloned into the cache and fetched by ``skillpm index update``,
- a static HTTP mirror (``sparse+https://…``) read one entry file at a time, revalidated
  with ETags and kept in the cache.

``open_index`` picks one from ``--index``, ``$SKILLPM_INDEX`` or ``index = "…"`` in the
user config. Every index answers ``get(id)``, ``resolve(name)`` and ``search(query)``;
search and name lookups go through a local SQLite database built from ``catalog.tsv``.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from skillpm.errors import NetworkError, SkillpmError
from skillpm.index.format import CATALOG, Entry, entry_relpath, loads_entry
from skillpm.index.store import IndexDir, check_schema, parse_catalog

SHIPPED = "shipped"
MAX_ENTRY_BYTES = 4 * 1024 * 1024
MAX_CATALOG_BYTES = 512 * 1024 * 1024
GIT_TIMEOUT = 600


def index_url(url: str | None = None) -> str:
    """The index to use: the argument, then $SKILLPM_INDEX, then the user config, then the shipped one."""
    if url:
        return url
    env = os.environ.get("SKILLPM_INDEX")
    if env:
        return env
    from skillpm.config import user_config

    cfg = user_config().get("index")
    if isinstance(cfg, str) and cfg:
        return cfg
    return SHIPPED


def _cache_for(url: str) -> Path:
    from skillpm.paths import cache_dir

    return cache_dir() / "index" / hashlib.sha256(url.encode("utf-8")).hexdigest()[:16]


class Index:
    """Common behaviour: catalogue-backed search and name resolution."""

    url: str = ""
    commit: str | None = None

    def __init__(self, url: str):
        self.url = url
        self.cache = _cache_for(url)
        self._config: dict | None = None

    # to be provided by each transport
    @property
    def config(self) -> dict:
        raise NotImplementedError

    def get(self, skill_id: str) -> Entry | None:
        raise NotImplementedError

    def _catalog_source(self) -> tuple[str, callable]:
        """(stamp, function returning the catalogue rows) of the current catalogue."""
        raise NotImplementedError

    def update(self) -> dict:
        """Bring the local view up to date; returns what changed."""
        self.ensure_search_db(force=False)
        return {"url": self.url, "commit": self.commit, "entries": self.count()}

    # shared
    @property
    def db_path(self) -> Path:
        return self.cache / "search.sqlite"

    def ensure_search_db(self, force: bool = False) -> Path:
        from skillpm.index import searchdb

        stamp, rows = self._catalog_source()
        if force or searchdb.current_stamp(self.db_path) != stamp:
            searchdb.build_db(self.db_path, rows(), stamp)
        return self.db_path

    def search(self, query: str, limit: int = 20) -> list[dict]:
        from skillpm.index import searchdb

        return searchdb.search(self.ensure_search_db(), query, limit)

    def count(self) -> int:
        from skillpm.index import searchdb

        return searchdb.count(self.ensure_search_db())

    def candidates(self, name: str) -> list[dict]:
        from skillpm.index import searchdb

        return searchdb.by_name(self.ensure_search_db(), name)

    def resolve(self, name: str) -> Entry:
        """``owner/repo/name`` exactly, or a bare name when exactly one entry carries it."""
        name = name.strip()
        if name.count("/") >= 2:
            entry = self.get(name.lower())
            if entry is None:
                raise SkillpmError(f"no skill {name} in the index ({self.url})",
                                   f"`skillpm search {name.rsplit('/', 1)[-1]}` lists similar names; "
                                   "`skillpm index update` fetches the newest index")
            return entry
        if "/" in name:
            raise SkillpmError(f"{name!r} is neither a skill name nor an owner/repo/name id",
                               "give a skill name (pdf), an index id (anthropics/skills/pdf) or a git URL")
        found = self.candidates(name)
        if not found:
            near = [r["id"] for r in self.search(name, 5)]
            raise SkillpmError(f"no skill named {name!r} in the index ({self.url})",
                               ("did you mean: " + ", ".join(near)) if near else
                               "`skillpm search WORDS` looks through names and descriptions",
                               details=[])
        if len(found) > 1:
            lines = []
            for r in found[:30]:
                pop = f", {r['copies']} near-copies" if r.get("copies") else ""
                lines.append(f"{r['id']}  (grade {r['grade'] or '-'}, {r['repo']}{pop})")
            if len(found) > 30:
                lines.append(f"… and {len(found) - 30} more")
            raise SkillpmError(f"{len(found)} skills are named {name!r}; say which one",
                               f"use the full id, e.g. `skillpm add {found[0]['id']}`", details=lines)
        entry = self.get(found[0]["id"])
        if entry is None:
            raise SkillpmError(f"the index lists {found[0]['id']} but has no entry file for it",
                               "run `skillpm index update`; the index may be mid-update")
        return entry


class LocalIndex(Index):
    """An index in a local folder: the shipped snapshot, a ``file://`` folder or a git clone."""

    def __init__(self, url: str, root: Path, commit: str | None = None):
        super().__init__(url)
        self.root = Path(root)
        self.store = IndexDir(self.root)
        self.commit = commit

    @property
    def config(self) -> dict:
        if self._config is None:
            self._config = self.store.config()
        return self._config

    def get(self, skill_id: str) -> Entry | None:
        self.config  # noqa: B018 - checks the schema version first
        return self.store.read_entry(skill_id)

    def _catalog_source(self):
        path = self.root / CATALOG
        try:
            st = path.stat()
            stamp = f"{path.resolve()}:{st.st_mtime_ns}:{st.st_size}:{self.commit}"
        except FileNotFoundError:
            stamp = "empty"
        return stamp, self.store.catalog


class GitIndex(LocalIndex):
    """A git remote holding an index, cloned into the cache."""

    def __init__(self, url: str):
        remote = url.removeprefix("git+")
        super().__init__(url, _cache_for(url) / "repo")
        self.remote = remote
        if not (self.root / ".git").exists():
            self._clone()
        self.commit = self._head()

    def _git(self, *args: str) -> str:
        from skillpm import gitutil

        where = self.root
        try:
            proc = gitutil.run(["--work-tree", str(where), *args] if args[0] != "clone" else list(args),
                               None if args[0] == "clone" else where / ".git", timeout=GIT_TIMEOUT, network=True)
        except gitutil.GitError as exc:
            raise NetworkError(f"git {args[0]} of the index {self.url} failed: {exc.detail}",
                               "check the index URL (--index, $SKILLPM_INDEX or `index` in config.toml)") from None
        return proc.stdout.decode("utf-8", "replace").strip()

    def _clone(self) -> None:
        from skillpm.fsutil import remove_path, temp_sibling

        tmp = temp_sibling(self.root)
        try:
            self._git("clone", "--quiet", "--depth", "1", "--no-tags", "--", self.remote, str(tmp))
            if self.root.exists():
                remove_path(self.root)
            os.rename(tmp, self.root)
        finally:
            if tmp.exists():
                remove_path(tmp)

    def _head(self) -> str:
        return self._git("rev-parse", "HEAD")

    def update(self) -> dict:
        before = self.commit
        self._git("fetch", "--quiet", "--depth", "1", "--no-tags", "origin", "HEAD")
        self._git("reset", "--quiet", "--hard", "FETCH_HEAD")
        self.commit = self._head()
        self._config = None
        self.config  # noqa: B018 - refuse a newer schema right away
        self.ensure_search_db()
        return {"url": self.url, "commit": self.commit, "previous": before, "entries": self.count()}


class SparseIndex(Index):
    """A static HTTP mirror: ``config.toml``, ``catalog.tsv`` and entry files, fetched on demand."""

    def __init__(self, url: str):
        super().__init__(url)
        self.base = url.removeprefix("sparse+").rstrip("/")
        self.commit = None

    def _get(self, rel: str, max_bytes: int, missing_ok: bool = False):
        from skillpm import http

        return http.cached_get(f"{self.base}/{rel}", self.cache / "files" / rel, max_bytes=max_bytes,
                               missing_ok=missing_ok)

    @property
    def config(self) -> dict:
        if self._config is None:
            try:
                import tomllib
            except ModuleNotFoundError:  # Python 3.10
                import tomli as tomllib  # type: ignore[no-redef]

            resp = self._get("config.toml", 1024 * 1024, missing_ok=True)
            if resp.status in (404, 410):
                raise SkillpmError(f"{self.base} is not a skillpm index: no config.toml",
                                   "check the mirror URL")
            try:
                cfg = tomllib.loads(resp.body.decode("utf-8"))
            except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
                raise SkillpmError(f"the index config at {self.base}/config.toml is not valid TOML: {exc}",
                                   "check the mirror URL") from None
            check_schema(cfg, self.base)
            self._config = cfg
            self.commit = cfg.get("commit")
        return self._config

    def get(self, skill_id: str) -> Entry | None:
        self.config  # noqa: B018
        resp = self._get(entry_relpath(skill_id), MAX_ENTRY_BYTES, missing_ok=True)
        if resp.status in (404, 410):
            return None
        return loads_entry(resp.body.decode("utf-8"), f"index entry {skill_id} from {self.base}")

    def get_many(self, ids: list[str]) -> list[Entry | None]:
        """Several entries in parallel (one pool, ETag revalidation each)."""
        from concurrent.futures import ThreadPoolExecutor

        self.config  # noqa: B018
        with ThreadPoolExecutor(max_workers=8) as pool:
            return list(pool.map(self.get, ids))

    def _catalog_path(self) -> Path:
        return self.cache / "files" / CATALOG

    def _fetch_catalog(self):
        return self._get(CATALOG, MAX_CATALOG_BYTES)

    def _catalog_source(self):
        # Stamp from the cached file's stat, so a search does not re-read a large catalogue.
        path = self._catalog_path()
        if not path.is_file():
            self._fetch_catalog()
        st = path.stat()

        def rows() -> list[list[str]]:
            return parse_catalog(self._fetch_catalog().body.decode("utf-8"))

        return f"{st.st_mtime_ns}:{st.st_size}", rows

    def update(self) -> dict:
        self._config = None
        self.config  # noqa: B018
        resp = self._fetch_catalog()
        self.ensure_search_db()
        return {"url": self.url, "commit": self.commit, "entries": self.count(), "changed": not resp.not_modified}


def open_index(url: str | None = None) -> Index:
    """The index named by ``url`` (or the configured one; the shipped snapshot by default)."""
    url = index_url(url)
    if url == SHIPPED:
        from skillpm import __version__
        from skillpm.paths import shipped_index_dir

        return LocalIndex(SHIPPED, shipped_index_dir(), commit=f"skillpm-{__version__}")
    if url.startswith("sparse+"):
        if not url.startswith(("sparse+https://", "sparse+http://")):
            raise SkillpmError(f"unsupported sparse index URL {url}", "use sparse+https://HOST/PATH")
        if url.startswith("sparse+http://"):
            from urllib.parse import urlsplit

            if urlsplit(url.removeprefix("sparse+")).hostname not in ("127.0.0.1", "localhost", "::1"):
                raise SkillpmError(f"refusing plain-HTTP index {url}: anyone on the path could rewrite its hashes",
                                   "use sparse+https://… (plain http is only for a mirror on this machine)")
        return SparseIndex(url)
    if url.startswith("git+"):
        return GitIndex(url)
    if url.startswith("file://") or "://" not in url:
        root = Path(url.removeprefix("file://")).expanduser()
        if (root / "config.toml").is_file():
            commit = _local_commit(root)
            return LocalIndex(url, root, commit)
        if (root / "HEAD").is_file() or (root / ".git").exists():
            return GitIndex("git+" + (url if url.startswith("file://") else root.resolve().as_uri()))
        raise SkillpmError(f"no index at {root}", "give a folder or git repository built by `skillpm index build`")
    raise SkillpmError(f"unsupported index URL {url}",
                       "use git+https://…, sparse+https://…, file://PATH, or leave it unset for the shipped index")


def _local_commit(root: Path) -> str | None:
    if not (root / ".git").exists():
        return None
    from skillpm import gitutil

    try:
        return gitutil.rev_parse(root / ".git", "HEAD")
    except SkillpmError:
        return None
