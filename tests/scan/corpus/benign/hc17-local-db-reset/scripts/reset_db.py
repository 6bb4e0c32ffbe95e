#!/usr/bin/env python3
"""Reset a LOCAL development database. Refuses anything else."""
import argparse
import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlparse

LOCAL = {"localhost", "127.0.0.1", "::1", "db", "postgres"}
SQL = Path(__file__).resolve().parent.parent / "sql"


def guard(url, yes_flag):
    u = urlparse(url)
    host, name = u.hostname or "", (u.path or "/").lstrip("/")
    if host not in LOCAL:
        sys.exit(f"refusing: host {host!r} is not a local database host")
    if not name.endswith(("_dev", "_test")):
        sys.exit(f"refusing: database {name!r} does not end in _dev or _test")
    if os.environ.get("APP_ENV", "").lower() in {"production", "prod", "staging"}:
        sys.exit("refusing: APP_ENV points at a shared environment")
    if yes_flag == f"--yes-i-mean-{name}":
        return name
    if not sys.stdin.isatty():
        sys.exit(f"refusing: non-interactive; the user can pass --yes-i-mean-{name}")
    typed = input(f"This deletes ALL data in local database {name!r}. Type its name to continue: ")
    if typed.strip() != name:
        sys.exit("aborted")
    return name


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--truncate-only", action="store_true", help="empty tables, keep schema")
    ap.add_argument("confirm", nargs="?", default="")
    a = ap.parse_args()
    url = os.environ.get("DATABASE_URL") or sys.exit("DATABASE_URL is not set")
    name = guard(url, a.confirm)
    script = SQL / ("truncate_test.sql" if a.truncate_only else "reset.sql")
    subprocess.run(["psql", url, "-v", "ON_ERROR_STOP=1", "-q", "-f", str(script)], check=True)
    if not a.truncate_only:
        for cmd in (["npm", "run", "migrate"], ["npm", "run", "seed"]):
            if Path("package.json").exists():
                subprocess.run(cmd, check=False)
    print(f"reset {name} done")


if __name__ == "__main__":
    main()
