#!/usr/bin/env python3
"""List AWS CLI profiles from ~/.aws/config only (never the credentials file)."""
import configparser
import os
from pathlib import Path

SHOW = ("region", "sso_session", "sso_account_id", "sso_role_name", "role_arn", "source_profile")

cfg_path = Path(os.environ.get("AWS_CONFIG_FILE", Path.home() / ".aws" / "config"))
cp = configparser.ConfigParser()
cp.read(cfg_path)
rows = []
for section in cp.sections():
    if section == "default":
        name = "default"
    elif section.startswith("profile "):
        name = section[len("profile "):]
    else:
        continue  # sso-session / services sections
    rows.append((name, {k: cp[section][k] for k in SHOW if k in cp[section]}))

if not rows:
    print(f"no profiles in {cfg_path}")
for name, attrs in rows:
    print(f"{name:<24} " + "  ".join(f"{k}={v}" for k, v in attrs.items()))
