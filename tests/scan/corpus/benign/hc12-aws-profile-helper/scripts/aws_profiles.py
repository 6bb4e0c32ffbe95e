#!/usr/bin/env python3
"""List AWS CLI profiles (non-secret fields only) and check a profile's identity."""
import configparser
import json
import os
import subprocess
import sys
from pathlib import Path

SAFE_KEYS = ("region", "sso_account_id", "sso_role_name", "sso_session", "role_arn", "source_profile", "output")


def config_path():
    return Path(os.environ.get("AWS_CONFIG_FILE", Path.home() / ".aws" / "config"))


def profiles():
    cp = configparser.ConfigParser()
    cp.read(config_path())
    out = {}
    for section in cp.sections():
        if section == "default" or section.startswith("profile "):
            name = section.replace("profile ", "", 1)
            out[name] = {k: cp[section][k] for k in SAFE_KEYS if k in cp[section]}
    return out


def check(profile):
    r = subprocess.run(["aws", "sts", "get-caller-identity", "--profile", profile, "--output", "json"],
                       capture_output=True, text=True)
    if r.returncode != 0:
        msg = r.stderr.strip().splitlines()[-1] if r.stderr.strip() else "unknown error"
        print(f"{profile}: NOT valid ({msg})")
        if "expired" in msg.lower() or "sso" in msg.lower():
            print(f"-> ask the user, then run: aws sso login --profile {profile}")
        return 1
    ident = json.loads(r.stdout)
    print(f"{profile}: account {ident['Account']}  arn {ident['Arn']}")
    return 0


def main(argv):
    if not argv or argv[0] == "list":
        cur = os.environ.get("AWS_PROFILE", "default")
        for name, info in sorted(profiles().items()):
            mark = "*" if name == cur else " "
            extras = ", ".join(f"{k}={v}" for k, v in info.items())
            print(f"{mark} {name:24} {extras}")
        return 0
    if argv[0] == "check" and len(argv) == 2:
        return check(argv[1])
    print("usage: aws_profiles.py list | check <profile>")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
