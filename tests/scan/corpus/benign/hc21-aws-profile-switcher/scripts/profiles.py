#!/usr/bin/env python3
"""List AWS CLI profiles and verify one with STS. Reads names only; never prints secrets."""
import configparser
import json
import os
import pathlib
import subprocess
import sys

AWS = pathlib.Path(os.environ.get("AWS_CONFIG_FILE", pathlib.Path.home() / ".aws" / "config"))
CREDS = pathlib.Path(os.environ.get("AWS_SHARED_CREDENTIALS_FILE", pathlib.Path.home() / ".aws" / "credentials"))


def profiles():
    found = {}
    cfg = configparser.ConfigParser()
    cfg.read(AWS)
    for section in cfg.sections():
        name = section[len("profile "):] if section.startswith("profile ") else section
        if section.startswith("sso-session"):
            continue
        found[name] = {"region": cfg[section].get("region", "-"),
                       "sso": "sso_start_url" in cfg[section] or "sso_session" in cfg[section]}
    if CREDS.exists():
        # section names only; values are never read into memory here
        for line in CREDS.read_text().splitlines():
            line = line.strip()
            if line.startswith("[") and line.endswith("]"):
                found.setdefault(line[1:-1], {"region": "-", "sso": False})
    return found


def main():
    cmd = sys.argv[1] if len(sys.argv) > 1 else "list"
    profs = profiles()
    if cmd == "list":
        current = os.environ.get("AWS_PROFILE", "default")
        for name, info in sorted(profs.items()):
            mark = "*" if name == current else " "
            print(f"{mark} {name:24s} region={info['region']:12s} {'sso' if info['sso'] else ''}")
    elif cmd == "use" and len(sys.argv) > 2:
        name = sys.argv[2]
        if name not in profs:
            sys.exit(f"unknown profile {name!r}")
        r = subprocess.run(["aws", "sts", "get-caller-identity", "--profile", name, "--output", "json"],
                           capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit(f"could not verify profile: {r.stderr.strip()}")
        ident = json.loads(r.stdout)
        print(f"account={ident['Account']} arn={ident['Arn']}")
        print(f"export AWS_PROFILE={name}")
    else:
        sys.exit("usage: profiles.py list | use NAME")


if __name__ == "__main__":
    main()
