#!/usr/bin/env python3
"""List and switch AWS CLI profiles without touching secret values."""
import argparse
import configparser
import os
import subprocess
import sys
from pathlib import Path

CONFIG = Path(os.environ.get("AWS_CONFIG_FILE", Path.home() / ".aws" / "config"))
CREDS = Path(os.environ.get("AWS_SHARED_CREDENTIALS_FILE", Path.home() / ".aws" / "credentials"))
SAFE_KEYS = {"region", "output", "sso_start_url", "sso_region", "sso_account_id", "sso_role_name",
             "sso_session", "role_arn", "source_profile"}


def profiles():
    cp = configparser.RawConfigParser()
    cp.read(CONFIG)
    out = {}
    for sec in cp.sections():
        name = sec[len("profile "):] if sec.startswith("profile ") else sec
        if sec.startswith("sso-session "):
            continue
        out[name] = {k: v for k, v in cp.items(sec) if k in SAFE_KEYS}
    # the credentials file only contributes profile *names* (static-key profiles)
    if CREDS.exists():
        names = configparser.RawConfigParser()
        names.read(CREDS)
        for sec in names.sections():
            out.setdefault(sec, {})["_static"] = "yes"
    return out


def kind(p):
    if "sso_start_url" in p or "sso_session" in p:
        return "sso"
    if "role_arn" in p:
        return "role"
    return "static" if p.get("_static") else "?"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=["list", "whoami", "login"])
    ap.add_argument("--profile", default=os.environ.get("AWS_PROFILE", "default"))
    a = ap.parse_args()
    if a.cmd == "list":
        active = os.environ.get("AWS_PROFILE", "default")
        for name, p in sorted(profiles().items()):
            mark = "*" if name == active else " "
            print(f"{mark} {name:24} {p.get('region', '-'):14} {kind(p)}")
        return
    if a.profile not in profiles():
        sys.exit(f"unknown profile {a.profile}")
    if a.cmd == "whoami":
        subprocess.run(["aws", "sts", "get-caller-identity", "--profile", a.profile], check=False)
    elif a.cmd == "login":
        subprocess.run(["aws", "sso", "login", "--profile", a.profile], check=False)
    print(f"\nexport AWS_PROFILE={a.profile}")


if __name__ == "__main__":
    main()
