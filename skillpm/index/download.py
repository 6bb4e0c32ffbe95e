"""Fetching the exact bytes an index entry graded, and proving they are those bytes.

Two ways: an archive of the pinned commit over HTTP (the ``archive`` URL template of
the index's config.toml, e.g. GitHub's ``/archive/<commit>.tar.gz``), streamed and
unpacked one sub-folder at a time by ``skillpm.archive``; or a git fetch of the commit
(used for non-HTTP repositories, or when ``SKILLPM_INDEX_DOWNLOAD=git``). Either way the
h1 of the result is compared with the entry before anything is returned — a mismatch is
an ``IntegrityError`` and the caller writes nothing.
"""

from __future__ import annotations

import os

from skillpm.errors import IntegrityError
from skillpm.index.format import Entry, Version



def download_entry(entry: Entry, version: Version | str | None = None, index=None):
    """The verified ``hashing.Tree`` of ``entry`` at ``version`` (default: the latest)."""
    v = version if isinstance(version, Version) else entry.version(version)
    method = os.environ.get("SKILLPM_INDEX_DOWNLOAD", "")
    template = None
    if index is not None:
        template = index.config.get("archive")
    if template is None:
        from skillpm.index.store import DEFAULT_CONFIG

        template = DEFAULT_CONFIG["archive"]
    if method != "git" and entry.repo.startswith(("https://", "http://")) and template:
        tree = _by_archive(entry, v, template)
    else:
        tree = _by_git(entry, v)
    verify(entry, v, tree)
    return tree


def verify(entry: Entry, v: Version, tree) -> None:
    got = tree.h1
    if got != v.h1:
        raise IntegrityError(
            f"{entry.id}: the downloaded files do not match the index (expected {v.h1}, got {got})",
            "nothing was installed; the upstream repository or the download was tampered with, "
            "or the index is wrong — report it, and do not install this skill from another source meanwhile",
            details=[f"source: {entry.repo} commit {v.commit} path {entry.path or '.'}"])


def archive_url(template: str, entry: Entry, v: Version) -> str:
    return template.format(repo=entry.repo.removesuffix(".git").rstrip("/"), commit=v.commit,
                           path=entry.path, owner_repo=entry.repo_id)


def _by_archive(entry: Entry, v: Version, template: str):
    from skillpm import archive
    from skillpm.config import limits

    url = archive_url(template, entry, v)
    return archive.fetch_skill(url, entry.path, limits=limits())


def _by_git(entry: Entry, v: Version):
    from skillpm.config import limits
    from skillpm.sources import ensure_commit, tree_from_git

    git_dir = ensure_commit(entry.repo.removeprefix("git+"), v.commit)
    return tree_from_git(git_dir, v.commit, entry.path, limits())
