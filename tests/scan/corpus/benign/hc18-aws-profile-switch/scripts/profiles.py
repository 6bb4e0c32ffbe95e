#!/usr/bin/env python3
"""List AWS CLI profiles without exposing secret values."""
import configparser
import os
import sys

AWS_DIR = os.path.expanduser(os.environ.get("AWS_CONFIG_DIR", "~/.aws"))
CONFIG = os.environ.get("AWS_CONFIG_FILE", os.path.join(AWS_DIR, "config"))
CREDS = os.environ.get("AWS_SHARED_CREDENTIALS_FILE", os.path.join(AWS_DIR, "credentials"))
SAFE_KEYS = ("region", "sso_account_id", "sso_role_name", "sso_session", "role_arn", "source_profile", "output")


def profiles():
    cfg = configparser.ConfigParser()
    cfg.read(CONFIG)
    out = {}
    for section in cfg.sections():
        if section.startswith("profile ") or section == "default":
            name = section[len("profile "):] if section.startswith("profile ") else "default"
            out[name] = {k: cfg[section][k] for k in SAFE_KEYS if k in cfg[section]}
    # only the section names of the credentials file; values are not kept
    creds = configparser.ConfigParser()
    creds.read(CREDS)
    for name in creds.sections():
        out.setdefault(name, {})["static_keys"] = "yes"
    return out


def main():
    if len(sys.argv) < 2 or sys.argv[1] != "list":
        sys.exit("usage: profiles.py list")
    active = os.environ.get("AWS_PROFILE", "default")
    for name, info in sorted(profiles().items()):
        kind = "sso" if "sso_session" in info or "sso_account_id" in info else ("role" if "role_arn" in info else "static" if info.get("static_keys") else "?")
        mark = "*" if name == active else " "
        print(f"{mark} {name:<24} {kind:<6} region={info.get('region', '-'):<14} account={info.get('sso_account_id', '-')}")


if __name__ == "__main__":
    main()
