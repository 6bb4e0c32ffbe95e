"""The local search database of an index: SQLite with an FTS5 table over the catalogue.

Built from ``catalog.tsv`` whenever the index changes (``stamp`` differs), then
answers ``search`` and bare-name lookups without touching the entries.
"""

from __future__ import annotations

from pathlib import Path

SCHEMA = 2


def _connect(path: Path):
    import sqlite3

    return sqlite3.connect(str(path), timeout=30)


def current_stamp(path: Path) -> str | None:
    import sqlite3

    if not path.is_file():
        return None
    try:
        con = _connect(path)
        try:
            row = con.execute("SELECT value FROM meta WHERE key = 'stamp'").fetchone()
            schema = con.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
        finally:
            con.close()
    except sqlite3.DatabaseError:
        return None
    if not row or not schema or schema[0] != str(SCHEMA):
        return None
    return row[0]


def build_db(path: Path, rows: list[list[str]], stamp: str) -> None:
    """Write a fresh database at ``path`` (built beside it, then renamed into place)."""
    import os
    import tempfile

    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".skillpm-tmp-search-", dir=path.parent)
    os.close(fd)
    try:
        con = _connect(Path(tmp))
        con.executescript("""
            PRAGMA journal_mode = OFF;
            PRAGMA synchronous = OFF;
            CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
            CREATE TABLE skills (rowid INTEGER PRIMARY KEY, id TEXT UNIQUE, name TEXT, grade TEXT,
                                 session TEXT, repo TEXT, first_seen TEXT, description TEXT, copies INTEGER,
                                 leaf TEXT);
            CREATE INDEX skills_name ON skills (name COLLATE NOCASE);
            CREATE INDEX skills_leaf ON skills (leaf);
            CREATE VIRTUAL TABLE skills_fts USING fts5(name, id, description, content='skills', content_rowid='rowid',
                                                       tokenize='unicode61 remove_diacritics 2', prefix='2 3');
        """)
        con.executemany("INSERT INTO skills (id, name, grade, session, repo, first_seen, description, copies, leaf) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        ((r[0], r[1], r[2], r[3], r[4], r[5], r[6], int(r[7]) if len(r) > 7 and r[7].isdigit() else 0,
                          r[0].rsplit("/", 1)[-1]) for r in rows))
        con.execute("INSERT INTO skills_fts (rowid, name, id, description) SELECT rowid, name, id, description FROM skills")
        # Name matters most, then the id (owner/repo), then the description.
        con.execute("INSERT INTO skills_fts (skills_fts, rank) VALUES ('rank', 'bm25(10.0, 2.0, 1.0)')")
        con.execute("INSERT INTO skills_fts (skills_fts) VALUES ('optimize')")
        total = con.execute("SELECT count(*) FROM skills").fetchone()[0]
        con.executemany("INSERT INTO meta VALUES (?, ?)", [("stamp", stamp), ("schema", str(SCHEMA)),
                                                           ("count", str(total))])
        con.commit()
        con.close()
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _fts_query(query: str) -> str:
    import re

    words = re.findall(r"\w+", query.lower())
    return " ".join(f'"{w}"*' for w in words)


COLUMNS = ["id", "name", "grade", "session", "repo", "first_seen", "description", "copies"]


def search(path: Path, query: str, limit: int = 20) -> list[dict]:
    """Best matches first: exact name, then names starting with the query (both from the name
    index), then FTS5 bm25 order over name, id and description (``ORDER BY rank`` lets FTS5 keep
    only the best ``limit`` rows instead of sorting every match)."""
    fts = _fts_query(query)
    if not fts:
        return []
    cols = ", ".join(f"s.{c}" for c in COLUMNS)
    q = query.strip().lower()
    con = _connect(path)
    try:
        rows = con.execute(f"SELECT {cols} FROM skills s WHERE s.name = ? COLLATE NOCASE "
                           "ORDER BY s.copies DESC, s.id LIMIT ?", (q, limit)).fetchall()
        if len(rows) < limit and not any(c in q for c in "%_"):
            # In name-index order: streams with LIMIT instead of sorting every prefix match.
            rows += con.execute(f"SELECT {cols} FROM skills s WHERE s.name LIKE ? AND s.name != ? COLLATE NOCASE "
                                "ORDER BY s.name COLLATE NOCASE LIMIT ?",
                                (q + "%", q, limit - len(rows))).fetchall()
        # Words in the name first (few rows, so bm25 is cheap), then anywhere.
        for match in (f"{{name}} : ({fts})", fts):
            if len(rows) >= limit:
                break
            seen = {r[0] for r in rows}
            ranked = con.execute(f"SELECT {cols} FROM skills s JOIN (SELECT rowid, rank FROM skills_fts "
                                 "WHERE skills_fts MATCH ? ORDER BY rank LIMIT ?) f ON s.rowid = f.rowid "
                                 "ORDER BY f.rank", (match, limit + len(rows))).fetchall()
            rows += [r for r in ranked if r[0] not in seen][: limit - len(rows)]
    finally:
        con.close()
    return [dict(zip(COLUMNS, r)) for r in rows]


def by_name(path: Path, name: str) -> list[dict]:
    con = _connect(path)
    try:
        rows = con.execute(f"SELECT {', '.join(COLUMNS)} FROM skills WHERE name = ? COLLATE NOCASE "
                           "OR leaf = ? ORDER BY copies DESC, id", (name, name.lower())).fetchall()
    finally:
        con.close()
    return [dict(zip(COLUMNS, r)) for r in rows]


def count(path: Path) -> int:
    con = _connect(path)
    try:
        return int(con.execute("SELECT value FROM meta WHERE key = 'count'").fetchone()[0])
    finally:
        con.close()
