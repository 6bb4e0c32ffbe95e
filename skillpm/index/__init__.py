"""The registry index: where bare skill names resolve, and what was graded (DESIGN §6).

Public API (used by ``add`` and the ``search``/``info``/``index`` commands):

- ``open_index(url=None) -> Index`` — the shipped snapshot, a git remote, a sparse HTTP
  mirror or a local folder; ``Index.get(id)``, ``.resolve(name)``, ``.search(q)``,
  ``.url``, ``.commit``, ``.config``, ``.update()``.
- ``Entry`` / ``Version`` — one skill and its append-only version history.
- ``download_entry(entry, version=None) -> hashing.Tree`` — the exact bytes the entry
  graded, fetched by archive (or git) and checked against its h1 before returning.
"""

from __future__ import annotations

from skillpm.index.format import SCHEMA_VERSION, Entry, Version, entry_relpath

__all__ = ["SCHEMA_VERSION", "Entry", "Version", "entry_relpath", "open_index", "Index", "download_entry"]


def open_index(url: str | None = None):
    from skillpm.index.client import open_index as _open

    return _open(url)


def download_entry(entry, version=None, index=None):
    from skillpm.index.download import download_entry as _dl

    return _dl(entry, version, index)


def __getattr__(name: str):
    if name == "Index":
        from skillpm.index.client import Index

        return Index
    raise AttributeError(name)
