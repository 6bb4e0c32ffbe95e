"""``skillpm index update``: fetch the newest index (git fetch or sparse revalidation) and
rebuild the local search database."""

from __future__ import annotations


def update(index_url: str | None = None) -> dict:
    from skillpm.index import open_index

    return open_index(index_url).update()
