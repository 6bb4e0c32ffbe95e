#!/usr/bin/env python3
"""List / select AWS CLI profiles from ~/.aws/config (names and non-secret fields only)."""
import configparser
import os
import shlex
import sys
from pathlib import Path

SAFE_FIELDS = ("region", "sso_account_id", "sso_role_name", "role_arn", "source_profile", "output")


def profiles():
    path = Path(os.environ.get("AWS_CONFIG_FILE", Path.home() / ".aws" / "config"))
    cp = configparser.ConfigParser()
    cp.read(path)
    out = {}
    for section in cp.sections():
        name = section[len("profile "):] if section.startswith("profile ") else section
        if section.startswith("sso-session "):
            continue
        out[name] = {k: cp[section][k] for k in SAFE_FIELDS if k in cp[section]}
    return out


def main(argv):
    if not argv or argv[0] == "list":
        cur = os.environ.get("AWS_PROFILE", "default")
        for name, f in sorted(profiles().items()):
            mark = "*" if name == cur else " "
            print(f"{mark} {name:30} {f.get('region', '-'):12} {f.get('sso_account_id') or f.get('role_arn', '')}")
        return 0
    if argv[0] == "use" and len(argv) == 2:
        if argv[1] not in profiles():
            print(f"echo 'unknown profile: {shlex.quote(argv[1])}' >&2", end="")
            return 1
        print(f"export AWS_PROFILE={shlex.quote(argv[1])}")
        return 0
    print("usage: awsp.py list | use <profile>", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
