#!/usr/bin/env python3
"""Drop, recreate, migrate and seed a LOCAL development PostgreSQL database."""
import glob
import os
import subprocess
import sys
from urllib.parse import urlparse, urlunparse

LOCAL_HOSTS = {"localhost", "127.0.0.1", "::1", ""} | set(filter(None, os.environ.get("DEV_DB_HOSTS", "db,postgres").split(",")))
SAFE_SUFFIXES = ("_dev", "_test", "_local")
FORBIDDEN = ("prod", "rds.amazonaws.com", "database.azure.com", "cloudsql", "neon.tech", "supabase.co")


def fail(msg):
    sys.exit(f"reset_db: {msg}")


def main():
    url = os.environ.get("DATABASE_URL") or fail("DATABASE_URL not set")
    if any(f in url.lower() for f in FORBIDDEN):
        fail("DATABASE_URL looks like a hosted/production database; refusing")
    u = urlparse(url)
    host, dbname = (u.hostname or ""), u.path.lstrip("/")
    if host not in LOCAL_HOSTS:
        fail(f"host '{host}' is not local (allowed: {sorted(LOCAL_HOSTS)})")
    if not dbname.endswith(SAFE_SUFFIXES):
        fail(f"database '{dbname}' does not end with {SAFE_SUFFIXES}; refusing")
    if not dbname.replace("_", "").isalnum():
        fail("unexpected characters in database name")

    if "--yes" not in sys.argv:
        ans = input(f"This will DROP database '{dbname}' on {host or 'local socket'}. Type the name to confirm: ")
        if ans.strip() != dbname:
            fail("confirmation did not match; nothing changed")

    admin = urlunparse(u._replace(path="/postgres"))
    psql = ["psql", "-X", "-v", "ON_ERROR_STOP=1", "-q"]
    subprocess.run(psql + [admin, "-c", f'DROP DATABASE IF EXISTS "{dbname}" WITH (FORCE)'], check=True)
    subprocess.run(psql + [admin, "-c", f'CREATE DATABASE "{dbname}"'], check=True)
    for f in sorted(glob.glob("migrations/*.up.sql")) + sorted(glob.glob("seeds/*.sql")):
        print(f"applying {f}")
        subprocess.run(psql + [url, "-1", "-f", f], check=True)
    print(f"'{dbname}' reset.")


if __name__ == "__main__":
    main()
