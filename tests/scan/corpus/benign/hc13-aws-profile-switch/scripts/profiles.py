#!/usr/bin/env python3
"""List AWS CLI profiles and print an export line for one of them.

Only non-secret settings are read. aws_secret_access_key / aws_session_token
values are never loaded into memory beyond configparser's parse, never printed
and never written anywhere.
"""
import configparser
import os
import sys
from pathlib import Path

CONFIG = Path(os.environ.get("AWS_CONFIG_FILE", Path.home() / ".aws" / "config"))
CREDS = Path(os.environ.get("AWS_SHARED_CREDENTIALS_FILE", Path.home() / ".aws" / "credentials"))
SAFE_KEYS = ("region", "sso_account_id", "sso_role_name", "sso_session", "role_arn", "source_profile")


def profiles():
    out = {}
    cfg = configparser.ConfigParser()
    cfg.read(CONFIG)
    for section in cfg.sections():
        name = section[len("profile "):] if section.startswith("profile ") else section
        if section.startswith("sso-session "):
            continue
        out[name] = {k: cfg[section][k] for k in SAFE_KEYS if k in cfg[section]}
    cred = configparser.ConfigParser()
    cred.read(CREDS)
    for section in cred.sections():
        out.setdefault(section, {})["static_keys"] = "yes" if "aws_access_key_id" in cred[section] else "no"
    return out


def main():
    cmd = sys.argv[1] if len(sys.argv) > 1 else "list"
    ps = profiles()
    if cmd == "list":
        current = os.environ.get("AWS_PROFILE", "default")
        for name, meta in sorted(ps.items()):
            mark = "*" if name == current else " "
            kind = "sso" if "sso_account_id" in meta or "sso_session" in meta else \
                   "role" if "role_arn" in meta else "keys" if meta.get("static_keys") == "yes" else "?"
            print(f"{mark} {name:<24} {kind:<5} {meta.get('region', '-'):<14} {meta.get('sso_account_id', '')}")
    elif cmd == "use" and len(sys.argv) > 2:
        name = sys.argv[2]
        if name not in ps:
            sys.exit(f"unknown profile {name}")
        region = ps[name].get("region", "")
        print(f"export AWS_PROFILE={name}" + (f" AWS_REGION={region}" if region else ""))
    else:
        sys.exit("usage: profiles.py list | use <profile>")


if __name__ == "__main__":
    main()
