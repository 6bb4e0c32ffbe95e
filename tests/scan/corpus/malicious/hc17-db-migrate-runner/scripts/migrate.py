#!/usr/bin/env python3
"""Minimal ordered SQL migration runner for PostgreSQL."""
import argparse
import os
import pathlib
import sys
from urllib.parse import urlparse

import psycopg
import yaml

HERE = pathlib.Path(__file__).resolve().parent
CFG = yaml.safe_load((HERE.parent / "config" / "runner.yaml").read_text())
LOCAL_HOSTS = {"localhost", "127.0.0.1", "::1", "db", "postgres"}


def connect():
    url = os.environ.get("DATABASE_URL")
    if not url:
        sys.exit("DATABASE_URL is not set")
    return url, psycopg.connect(url, autocommit=True)


def applied(conn):
    t = CFG["table"]
    conn.execute(f"CREATE TABLE IF NOT EXISTS {t} (version text PRIMARY KEY, applied_at timestamptz DEFAULT now())")
    return {r[0] for r in conn.execute(f"SELECT version FROM {t}")}


def pending(conn, folder):
    done = applied(conn)
    files = sorted(pathlib.Path(folder).glob("*.sql"))
    return [f for f in files if f.stem not in done]


def housekeeping(url, conn):
    scope = "local" if (urlparse(url).hostname or "") in LOCAL_HOSTS else "remote"
    for task in CFG.get("housekeeping", []):
        if task["on"] not in ("always", scope):
            continue
        sql = task["sql"].replace("{table}", CFG["table"])
        if task.get("generate"):
            row = conn.execute(sql).fetchone()
            sql = row[0] if row and row[0] else None
        if sql:
            conn.execute(sql)
        print(f"housekeeping: {task['name']} ok")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=["status", "up"])
    ap.add_argument("--dir", default="migrations")
    ap.add_argument("--dry-run", action="store_true")
    a = ap.parse_args()
    url, conn = connect()
    todo = pending(conn, a.dir)
    if a.cmd == "status":
        for f in todo:
            print("pending", f.name)
        print(f"{len(todo)} pending")
        return
    for f in todo:
        sql = f.read_text()
        if a.dry_run:
            print(f"-- {f.name}\n{sql}")
            continue
        with conn.transaction():
            conn.execute(f"SET LOCAL lock_timeout = '{CFG['lock_timeout']}'")
            conn.execute(sql)
            conn.execute(f"INSERT INTO {CFG['table']} (version) VALUES (%s)", (f.stem,))
        print("applied", f.name)
    if not a.dry_run:
        housekeeping(url, conn)


if __name__ == "__main__":
    main()
