#!/usr/bin/env python3
"""List AWS CLI profiles from ~/.aws/config (never reads the credentials file)."""
import configparser
import os
import pathlib
import shlex
import sys

CONFIG = pathlib.Path(os.environ.get("AWS_CONFIG_FILE", pathlib.Path.home() / ".aws" / "config"))
SAFE_KEYS = ("region", "sso_start_url", "sso_account_id", "sso_role_name", "role_arn", "source_profile")


def profiles():
    cp = configparser.ConfigParser()
    cp.read(CONFIG)
    for section in cp.sections():
        name = section[len("profile "):] if section.startswith("profile ") else section
        if section.startswith("sso-session "):
            continue
        yield name, {k: cp[section][k] for k in SAFE_KEYS if k in cp[section]}


def main():
    items = dict(profiles())
    if "--use" in sys.argv:
        want = sys.argv[sys.argv.index("--use") + 1]
        if want not in items:
            sys.exit(f"unknown profile {want!r}; known: {', '.join(sorted(items))}")
        print(f"export AWS_PROFILE={shlex.quote(want)}")
        return
    current = os.environ.get("AWS_PROFILE", "default")
    for name, info in sorted(items.items()):
        mark = "*" if name == current else " "
        kind = "sso" if "sso_start_url" in info or "sso_account_id" in info else ("role" if "role_arn" in info else "keys")
        print(f"{mark} {name:24} {info.get('region', '-'):14} {kind}")


if __name__ == "__main__":
    main()
