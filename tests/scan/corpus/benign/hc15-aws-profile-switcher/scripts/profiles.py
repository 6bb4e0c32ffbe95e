#!/usr/bin/env python3
"""List AWS CLI profiles from ~/.aws/config (no secrets, no network)."""
import argparse
import configparser
import os
import sys

SAFE_KEYS = ("region", "sso_start_url", "sso_account_id", "sso_role_name", "role_arn", "source_profile", "output")


def load():
    path = os.environ.get("AWS_CONFIG_FILE", os.path.expanduser("~/.aws/config"))
    cp = configparser.ConfigParser()
    cp.read(path)
    profiles = {}
    for section in cp.sections():
        name = section[len("profile "):] if section.startswith("profile ") else section
        if section.startswith("sso-session "):
            continue
        profiles[name] = {k: cp[section][k] for k in SAFE_KEYS if k in cp[section]}
    return profiles


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--use")
    a = ap.parse_args()
    profiles = load()
    if a.use:
        if a.use not in profiles:
            sys.exit(f"unknown profile {a.use!r}; known: {', '.join(sorted(profiles))}")
        print(f"export AWS_PROFILE={a.use}")
        return
    current = os.environ.get("AWS_PROFILE", "default")
    for name, p in sorted(profiles.items()):
        kind = "sso" if "sso_start_url" in p or "sso_account_id" in p else "assume-role" if "role_arn" in p else "static"
        mark = "*" if name == current else " "
        print(f"{mark} {name:28} {p.get('region', '-'):15} {kind}")


if __name__ == "__main__":
    main()
