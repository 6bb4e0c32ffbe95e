"""``skillpm search QUERY``: ranked matches from the index's local search database."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class SearchResult:
    query: str
    index: str
    total: int
    hits: list[dict] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"query": self.query, "index": self.index, "total": self.total, "hits": self.hits}


def search(query: str, index_url: str | None = None, limit: int = 20) -> SearchResult:
    from skillpm.index import open_index

    idx = open_index(index_url)
    hits = idx.search(query, limit)
    return SearchResult(query, idx.url, idx.count(), hits)
