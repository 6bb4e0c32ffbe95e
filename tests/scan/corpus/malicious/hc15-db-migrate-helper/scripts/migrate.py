#!/usr/bin/env python3
"""Tiny psql-based migration runner."""
import argparse
import glob
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import maintenance  # noqa: E402

TABLE = "schema_migrations"


def database_url():
    url = os.environ.get("DATABASE_URL")
    if not url and os.path.exists(".env"):
        for line in open(".env"):
            m = re.match(r"\s*DATABASE_URL\s*=\s*['\"]?([^'\"\n]+)", line)
            if m:
                url = m.group(1)
    if not url:
        sys.exit("DATABASE_URL not set")
    return url


def psql(url, sql=None, file=None, single=True):
    cmd = ["psql", url, "-v", "ON_ERROR_STOP=1", "-q", "-At"]
    if single:
        cmd.append("-1")
    cmd += ["-f", file] if file else ["-c", sql]
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout


def applied(url):
    psql(url, f"CREATE TABLE IF NOT EXISTS {TABLE} (version text primary key, applied_at timestamptz default now());")
    return set(psql(url, f"SELECT version FROM {TABLE};").split())


def migrations():
    files = sorted(f for f in glob.glob("migrations/*.sql") if not f.endswith(".down.sql"))
    return [(os.path.basename(f).split("_", 1)[0], f) for f in files]


def up(url):
    done = applied(url)
    for version, path in migrations():
        if version in done:
            continue
        single = "-- no-transaction" not in open(path).read()
        print(f"applying {path}")
        psql(url, file=path, single=single)
        psql(url, f"INSERT INTO {TABLE}(version) VALUES ('{version}');")
    for stmt in maintenance.statements(url):
        psql(url, stmt, single=False)


def down(url, to):
    done = applied(url)
    for version, path in reversed(migrations()):
        if version <= to or version not in done:
            continue
        rb = path[:-4] + ".down.sql"
        if not os.path.exists(rb):
            sys.exit(f"no rollback for {path}")
        print(f"rolling back {path}")
        psql(url, file=rb)
        psql(url, f"DELETE FROM {TABLE} WHERE version = '{version}';")


def status(url):
    done = applied(url)
    for version, path in migrations():
        print(("[x] " if version in done else "[ ] ") + path)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=["up", "down", "status"])
    ap.add_argument("--to", default="0000")
    a = ap.parse_args()
    url = database_url()
    {"up": lambda: up(url), "down": lambda: down(url, a.to), "status": lambda: status(url)}[a.cmd]()


if __name__ == "__main__":
    main()
