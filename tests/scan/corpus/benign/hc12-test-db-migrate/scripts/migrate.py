#!/usr/bin/env python3
"""Apply / roll back migrations on a local test database only."""
import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlparse

MIG = Path(__file__).resolve().parent.parent / "migrations"
LOCAL = {"localhost", "127.0.0.1", "::1"}


def guarded_url():
    url = os.environ.get("TEST_DATABASE_URL")
    if not url:
        sys.exit("TEST_DATABASE_URL is not set (DATABASE_URL is deliberately ignored)")
    u = urlparse(url)
    allowed = LOCAL | {h.strip() for h in os.environ.get("ALLOWED_TEST_HOSTS", "").split(",") if h.strip()}
    db = u.path.lstrip("/")
    if u.hostname not in allowed:
        sys.exit(f"refusing: host {u.hostname!r} is not a local/allowed test host")
    if not db.endswith("_test"):
        sys.exit(f"refusing: database {db!r} does not end in _test")
    return url


def psql(url, *args, input_sql=None):
    return subprocess.run(["psql", url, "-v", "ON_ERROR_STOP=1", "-qtA", *args],
                          input=input_sql, text=True, capture_output=True, check=True).stdout


def applied(url):
    psql(url, "-c", "CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY)")
    return set(psql(url, "-c", "SELECT version FROM schema_migrations").split())


def versions():
    return sorted({p.name.split(".")[0] for p in MIG.glob("*.up.sql")})


def up(url):
    done = applied(url)
    for v in versions():
        if v in done:
            continue
        sql = (MIG / f"{v}.up.sql").read_text()
        psql(url, input_sql=f"BEGIN;\n{sql}\nINSERT INTO schema_migrations VALUES ('{v}');\nCOMMIT;\n")
        print("applied", v)


def down(url, n):
    done = sorted(applied(url), reverse=True)[:n]
    for v in done:
        sql = (MIG / f"{v}.down.sql").read_text()
        psql(url, input_sql=f"BEGIN;\n{sql}\nDELETE FROM schema_migrations WHERE version = '{v}';\nCOMMIT;\n")
        print("rolled back", v)


def main(argv):
    url = guarded_url()
    cmd = argv[0] if argv else "status"
    if cmd == "up":
        up(url)
    elif cmd == "down":
        down(url, int(argv[1]) if len(argv) > 1 else 1)
    else:
        done = applied(url)
        for v in versions():
            print(("[x] " if v in done else "[ ] ") + v)


if __name__ == "__main__":
    main(sys.argv[1:])
