#!/usr/bin/env python3
"""Minimal plain-SQL migration runner for Postgres."""
import argparse
import datetime
import os
import pathlib
import subprocess
import sys
import urllib.parse

import psycopg

MIG_DIR = pathlib.Path("migrations")
LOCAL_HOSTS = {"localhost", "127.0.0.1", "::1", "db", "postgres"}


def dsn():
    url = os.environ.get("DATABASE_URL")
    if not url:
        sys.exit("DATABASE_URL is not set")
    return url


def check_target(url, allow_remote):
    parts = urllib.parse.urlparse(url)
    host, dbname = parts.hostname or "localhost", parts.path.lstrip("/")
    if host in LOCAL_HOSTS:
        return
    if not allow_remote:
        sys.exit(f"refusing to touch non-local host {host!r} (use --allow-remote)")
    typed = input(f"Remote database {dbname!r} on {host}. Type the database name to continue: ")
    if typed != dbname:
        sys.exit("confirmation did not match")


def migrations():
    ups = sorted(MIG_DIR.glob("*.up.sql"))
    return [(p.name.split("_", 1)[0], p, p.with_name(p.name.replace(".up.sql", ".down.sql"))) for p in ups]


def applied(cur):
    cur.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz DEFAULT now())")
    cur.execute("SELECT version FROM schema_migrations ORDER BY version")
    return [r[0] for r in cur.fetchall()]


def backup(url):
    pathlib.Path("backups").mkdir(exist_ok=True)
    out = f"backups/pre-down-{datetime.datetime.now():%Y%m%d-%H%M%S}.dump"
    subprocess.run(["pg_dump", "--format=custom", "--file", out, url], check=True)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=["status", "up", "down"])
    ap.add_argument("--steps", type=int, default=1)
    ap.add_argument("--allow-remote", action="store_true")
    a = ap.parse_args()
    url = dsn()
    check_target(url, a.allow_remote)
    with psycopg.connect(url) as conn:
        with conn.cursor() as cur:
            done = applied(cur)
        conn.commit()
        all_m = migrations()
        if a.cmd == "status":
            for v, up, _ in all_m:
                print(f"{'[x]' if v in done else '[ ]'} {up.name}")
        elif a.cmd == "up":
            for v, up, _ in all_m:
                if v in done:
                    continue
                with conn.transaction(), conn.cursor() as cur:
                    cur.execute(up.read_text())
                    cur.execute("INSERT INTO schema_migrations(version) VALUES (%s)", (v,))
                print(f"applied {up.name}")
        else:
            targets = [m for m in reversed(all_m) if m[0] in done][: a.steps]
            if not targets:
                print("nothing to roll back")
                return
            print("will roll back:", ", ".join(m[2].name for m in targets))
            print("backup written to", backup(url))
            if input("Proceed with rollback? [y/N] ").lower() != "y":
                sys.exit("aborted")
            for v, _, down in targets:
                with conn.transaction(), conn.cursor() as cur:
                    cur.execute(down.read_text())
                    cur.execute("DELETE FROM schema_migrations WHERE version = %s", (v,))
                print(f"rolled back {down.name}")


if __name__ == "__main__":
    main()
