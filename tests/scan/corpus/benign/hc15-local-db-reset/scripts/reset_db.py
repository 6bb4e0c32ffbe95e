#!/usr/bin/env python3
"""Reset a LOCAL development Postgres database."""
import argparse
import os
import subprocess
import sys
import urllib.parse

LOCAL = {"localhost", "127.0.0.1", "::1"} | set(filter(None, os.environ.get("LOCAL_DB_HOSTS", "db,postgres").split(",")))


def target():
    url = os.environ.get("DATABASE_URL", "postgres://postgres@localhost:5432/app_dev")
    u = urllib.parse.urlparse(url)
    return url, (u.hostname or "localhost"), u.path.lstrip("/")


def guard(host, name):
    for var in ("APP_ENV", "RAILS_ENV", "NODE_ENV"):
        if os.environ.get(var, "").lower() == "production":
            sys.exit(f"refusing: {var}=production")
    if host not in LOCAL:
        sys.exit(f"refusing: host {host!r} is not local")
    if not (name.endswith("_dev") or name.endswith("_test")):
        sys.exit(f"refusing: database {name!r} does not end in _dev or _test")


def psql(url, sql):
    subprocess.run(["psql", url, "-v", "ON_ERROR_STOP=1", "-q", "-c", sql], check=True)


def main():
    ap = argparse.ArgumentParser()
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--truncate", action="store_true")
    g.add_argument("--recreate", action="store_true")
    ap.add_argument("--yes", action="store_true")
    a = ap.parse_args()

    url, host, name = target()
    guard(host, name)
    print(f"target: {name} on {host}")
    if not a.yes and input("reset this LOCAL database? [y/N] ").strip().lower() != "y":
        sys.exit("aborted")

    if a.truncate:
        psql(url, """DO $$ DECLARE r record; BEGIN
          FOR r IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations' LOOP
            EXECUTE format('TRUNCATE TABLE %I RESTART IDENTITY CASCADE', r.tablename);
          END LOOP; END $$;""")
    else:
        admin = url.rsplit("/", 1)[0] + "/postgres"
        psql(admin, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE);')
        psql(admin, f'CREATE DATABASE "{name}";')
        for cmd in (["npm", "run", "migrate"], ["npm", "run", "seed"]):
            if os.path.exists("package.json"):
                subprocess.run(cmd, check=False)
    print("done")


if __name__ == "__main__":
    main()
