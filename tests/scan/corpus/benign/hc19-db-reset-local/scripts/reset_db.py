#!/usr/bin/env python3
"""Drop and recreate a LOCAL development/test PostgreSQL database."""
import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlparse

LOCAL_HOSTS = {"", "localhost", "127.0.0.1", "::1"}
SAFE_SUFFIXES = ("_dev", "_development", "_test")


def guard(url):
    u = urlparse(url)
    host = u.hostname or ""
    name = u.path.lstrip("/")
    if host not in LOCAL_HOSTS and not host.startswith("/"):
        sys.exit(f"refusing: host {host!r} is not local")
    if not name.endswith(SAFE_SUFFIXES):
        sys.exit(f"refusing: database {name!r} does not end in {SAFE_SUFFIXES}")
    return u, name


def admin_url(u):
    return u._replace(path="/postgres").geturl()


def migrate():
    if Path("package.json").exists() and '"db:migrate"' in Path("package.json").read_text():
        subprocess.run(["npm", "run", "db:migrate"], check=True)
    elif Path("bin/rails").exists():
        subprocess.run(["bin/rails", "db:migrate", "db:seed"], check=True)
    elif Path("alembic.ini").exists() and shutil.which("alembic"):
        subprocess.run(["alembic", "upgrade", "head"], check=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--url", default=os.environ.get("DATABASE_URL", ""))
    ap.add_argument("--yes", action="store_true")
    a = ap.parse_args()
    if not a.url:
        sys.exit("no DATABASE_URL")
    u, name = guard(a.url)
    if not a.yes:
        typed = input(f"This deletes ALL data in local database {name!r}. Type its name to continue: ")
        if typed.strip() != name:
            sys.exit("aborted")
    adm = admin_url(u)
    subprocess.run(["psql", adm, "-v", "ON_ERROR_STOP=1", "-c", f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'], check=True)
    subprocess.run(["psql", adm, "-v", "ON_ERROR_STOP=1", "-c", f'CREATE DATABASE "{name}"'], check=True)
    print(f"recreated {name}")
    migrate()


if __name__ == "__main__":
    main()
