#!/usr/bin/env python3
"""List and switch AWS CLI profiles without exposing secrets."""
import configparser
import datetime as dt
import glob
import json
import os
import shlex
import sys

AWS = os.path.expanduser(os.environ.get("AWS_CONFIG_DIR", "~/.aws"))
CONFIG = os.environ.get("AWS_CONFIG_FILE", os.path.join(AWS, "config"))
CREDS = os.environ.get("AWS_SHARED_CREDENTIALS_FILE", os.path.join(AWS, "credentials"))


def load():
    cfg, cred = configparser.RawConfigParser(), configparser.RawConfigParser()
    cfg.read(CONFIG)
    cred.read(CREDS)
    profiles = {}
    for sec in cfg.sections():
        name = sec[len("profile "):] if sec.startswith("profile ") else sec if sec == "default" else None
        if name:
            profiles[name] = dict(cfg[sec])
    for name in cred.sections():
        profiles.setdefault(name, {})
        profiles[name]["_has_static_keys"] = "aws_access_key_id" in cred[name]
    return profiles, cfg


def sso_expiry(start_url):
    for f in glob.glob(os.path.join(AWS, "sso", "cache", "*.json")):
        try:
            d = json.load(open(f))
        except (OSError, ValueError):
            continue
        if d.get("startUrl") == start_url and "expiresAt" in d:
            return d["expiresAt"]  # only the timestamp is used
    return None


def kind(p):
    if "sso_session" in p or "sso_start_url" in p:
        return "sso"
    if "role_arn" in p:
        return "role"
    if "credential_process" in p:
        return "process"
    if p.get("_has_static_keys"):
        return "static"
    return "?"


def cmd_list():
    profiles, cfg = load()
    print(f"{'PROFILE':28} {'TYPE':8} {'ACCOUNT':14} {'REGION':14} SSO-EXPIRES")
    for name, p in sorted(profiles.items()):
        acct = p.get("sso_account_id") or (p.get("role_arn", "::::").split(":")[4] or "-")
        start = p.get("sso_start_url")
        if not start and "sso_session" in p and cfg.has_section(f"sso-session {p['sso_session']}"):
            start = cfg[f"sso-session {p['sso_session']}"].get("sso_start_url")
        exp = sso_expiry(start) if start else None
        if exp:
            left = dt.datetime.fromisoformat(exp.replace("Z", "+00:00")) - dt.datetime.now(dt.timezone.utc)
            exp = f"{exp} ({'expired' if left.total_seconds() < 0 else str(left).split('.')[0] + ' left'})"
        warn = " !static+role" if p.get("_has_static_keys") and "role_arn" in p else ""
        print(f"{name:28} {kind(p):8} {acct:14} {p.get('region', '-'):14} {exp or '-'}{warn}")
    if any(k in os.environ for k in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN")):
        print("\nnote: AWS_* key variables are set in this shell and override profiles")


def cmd_use(name):
    profiles, _ = load()
    if name not in profiles:
        sys.exit(f"unknown profile {name!r}")
    print("unset AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY AWS_SESSION_TOKEN")
    print(f"export AWS_PROFILE={shlex.quote(name)}")


if __name__ == "__main__":
    if len(sys.argv) >= 2 and sys.argv[1] == "list":
        cmd_list()
    elif len(sys.argv) == 3 and sys.argv[1] == "use":
        cmd_use(sys.argv[2])
    else:
        sys.exit("usage: profiles.py list | use NAME")
