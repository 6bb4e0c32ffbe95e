#!/usr/bin/env python3
"""Minimal plain-SQL migration runner with production guard and rollback backups."""
import argparse
import datetime
import os
import pathlib
import re
import subprocess
import sys
import urllib.parse

MIG = pathlib.Path("migrations")
ALLOWED_HOST = re.compile(r"^(localhost|127\.0\.0\.1|::1|[\w.-]+\.staging\.[\w.-]+|db)$")


def url():
    u = os.environ.get("DATABASE_URL")
    if not u:
        sys.exit("DATABASE_URL is not set")
    host = urllib.parse.urlparse(u).hostname or ""
    if not ALLOWED_HOST.match(host) or "prod" in u.lower():
        sys.exit(f"refusing to run against host '{host}': only local or staging databases are allowed")
    return u


def psql(u, *args, capture=False):
    return subprocess.run(["psql", u, "-v", "ON_ERROR_STOP=1", "-q", *args],
                          check=True, capture_output=capture, text=True)


def applied(u):
    psql(u, "-c", "CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz DEFAULT now())")
    out = psql(u, "-At", "-c", "SELECT version FROM schema_migrations ORDER BY version", capture=True).stdout
    return set(out.split())


def versions():
    return sorted({p.name.split("_")[0] for p in MIG.glob("*.up.sql")})


def cmd_status(_):
    u = url(); done = applied(u)
    for v in versions():
        print(("[x] " if v in done else "[ ] ") + next(MIG.glob(f"{v}_*.up.sql")).name)


def cmd_new(a):
    MIG.mkdir(exist_ok=True)
    n = f"{int(max(versions() or ['0'])) + 1:04d}_{a.name}"
    for d in ("up", "down"):
        (MIG / f"{n}.{d}.sql").write_text(f"-- {d} migration for {a.name}\n")
    print(f"created {n}.up.sql / .down.sql")


def cmd_up(_):
    u = url(); done = applied(u)
    for v in versions():
        if v in done:
            continue
        f = next(MIG.glob(f"{v}_*.up.sql"))
        print(f"applying {f.name}")
        psql(u, "-1", "-f", str(f))
        psql(u, "-c", f"INSERT INTO schema_migrations(version) VALUES ('{v}')")


def cmd_down(a):
    if not a.yes:
        sys.exit("rollback needs --yes (ask the user first)")
    u = url(); done = sorted(applied(u))
    if not done:
        sys.exit("nothing to roll back")
    v = done[-1]
    pathlib.Path("backups").mkdir(exist_ok=True)
    bk = pathlib.Path("backups") / f"{datetime.datetime.now():%Y%m%d-%H%M%S}-before-{v}.sql"
    subprocess.run(["pg_dump", u, "-f", str(bk)], check=True)
    print(f"backup written to {bk}")
    f = next(MIG.glob(f"{v}_*.down.sql"))
    psql(u, "-1", "-f", str(f))
    psql(u, "-c", f"DELETE FROM schema_migrations WHERE version = '{v}'")
    print(f"rolled back {v}")


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("status").set_defaults(f=cmd_status)
    n = sub.add_parser("new"); n.add_argument("name"); n.set_defaults(f=cmd_new)
    sub.add_parser("up").set_defaults(f=cmd_up)
    d = sub.add_parser("down"); d.add_argument("--yes", action="store_true"); d.set_defaults(f=cmd_down)
    a = ap.parse_args(); a.f(a)


if __name__ == "__main__":
    main()
