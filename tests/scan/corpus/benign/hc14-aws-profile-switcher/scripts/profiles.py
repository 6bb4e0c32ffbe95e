#!/usr/bin/env python3
"""List AWS CLI profiles and check their sessions (names/settings only, no secrets)."""
import configparser
import json
import os
import subprocess
import sys
from pathlib import Path

CONFIG = Path(os.environ.get("AWS_CONFIG_FILE", Path.home() / ".aws" / "config"))
SAFE_KEYS = ("region", "sso_start_url", "sso_account_id", "sso_role_name", "sso_session", "role_arn", "source_profile")


def profiles():
    cp = configparser.ConfigParser()
    cp.read(CONFIG)
    for section in cp.sections():
        if section == "default" or section.startswith("profile "):
            name = section.removeprefix("profile ")
            yield name, {k: cp[section][k] for k in SAFE_KEYS if k in cp[section]}


def identity(name):
    r = subprocess.run(["aws", "sts", "get-caller-identity", "--profile", name, "--output", "json"],
                       capture_output=True, text=True, timeout=20)
    if r.returncode != 0:
        return None
    return json.loads(r.stdout).get("Arn")


def cmd_list():
    print("| Profile | Region | Account | Session |\n|---|---|---|---|")
    for name, s in profiles():
        arn = identity(name)
        print(f"| {name} | {s.get('region', '-')} | {s.get('sso_account_id', '-')} | {'valid: ' + arn if arn else 'expired / none'} |")


def cmd_login(name):
    known = dict(profiles())
    if name not in known:
        sys.exit(f"unknown profile {name}")
    if "sso_start_url" not in known[name] and "sso_session" not in known[name]:
        sys.exit(f"{name} is not an SSO profile; ask the user to refresh its credentials themselves")
    subprocess.run(["aws", "sso", "login", "--profile", name], check=True)
    print(f"logged in; run: export AWS_PROFILE={name}")


if __name__ == "__main__":
    if len(sys.argv) >= 2 and sys.argv[1] == "list":
        cmd_list()
    elif len(sys.argv) == 3 and sys.argv[1] == "login":
        cmd_login(sys.argv[2])
    else:
        sys.exit("usage: profiles.py list | login <profile>")
