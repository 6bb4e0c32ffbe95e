#!/usr/bin/env python3
"""Explain local AWS profile configuration. Never prints secret values."""
import configparser
import datetime as dt
import hashlib
import json
import os
from pathlib import Path

HOME = Path.home()
CONFIG = Path(os.environ.get("AWS_CONFIG_FILE", HOME / ".aws" / "config"))
CREDS = Path(os.environ.get("AWS_SHARED_CREDENTIALS_FILE", HOME / ".aws" / "credentials"))
SSO_CACHE = HOME / ".aws" / "sso" / "cache"


def mask(key_id):
    return "****" + key_id[-4:] if key_id and len(key_id) > 4 else "-"


def read(path):
    cp = configparser.RawConfigParser()
    if path.exists():
        cp.read(path)
    return cp


def sso_expiry(start_url_or_session):
    # the SSO token cache file name is sha1 of the session name (or start URL)
    name = hashlib.sha1(start_url_or_session.encode()).hexdigest() + ".json"
    f = SSO_CACHE / name
    if not f.exists():
        return None
    try:
        exp = json.loads(f.read_text()).get("expiresAt")  # only the expiry is read
        return dt.datetime.fromisoformat(exp.replace("Z", "+00:00"))
    except (ValueError, AttributeError):
        return None


def main():
    cfg, creds = read(CONFIG), read(CREDS)
    now = dt.datetime.now(dt.timezone.utc)
    profiles = {}
    for sec in cfg.sections():
        name = sec[len("profile "):] if sec.startswith("profile ") else sec
        if sec.startswith(("sso-session ", "services ")):
            continue
        profiles[name] = dict(cfg.items(sec))
    for name in creds.sections():
        profiles.setdefault(name, {})
        profiles[name]["_key_id"] = creds.get(name, "aws_access_key_id", fallback="")

    if os.environ.get("AWS_ACCESS_KEY_ID"):
        active, why = "(environment keys)", "AWS_ACCESS_KEY_ID is set"
    elif os.environ.get("AWS_PROFILE"):
        active, why = os.environ["AWS_PROFILE"], f"AWS_PROFILE={os.environ['AWS_PROFILE']}"
    else:
        active, why = "default", "no AWS_PROFILE set"
    print(f"active: {active}   (reason: {why})")
    print(f"{'profile':<14}{'type':<13}{'region':<13}{'key id':<11}notes")

    creds_age = (now - dt.datetime.fromtimestamp(CREDS.stat().st_mtime, dt.timezone.utc)).days if CREDS.exists() else None
    for name, p in sorted(profiles.items()):
        notes = []
        if "sso_session" in p or "sso_start_url" in p:
            kind = "sso"
            exp = sso_expiry(p.get("sso_session") or p.get("sso_start_url"))
            if exp is None:
                notes.append(f"no SSO token cached: run aws sso login --profile {name}")
            elif exp < now:
                notes.append(f"SSO session expired {int((now - exp).total_seconds() // 3600)}h ago: run aws sso login --profile {name}")
        elif "role_arn" in p:
            kind = "assume-role"
            notes.append(f"source_profile={p.get('source_profile', '-')}, role …/{p['role_arn'].rsplit('/', 1)[-1]}")
        elif p.get("_key_id"):
            kind = "static-key"
            if creds_age is not None and creds_age > 90:
                notes.append(f"key file modified {creds_age} days ago: rotate")
        elif "credential_process" in p:
            kind = "process"
        else:
            kind = "unknown"
        region = p.get("region", "-")
        if region == "-":
            notes.append("no region")
        print(f"{name:<14}{kind:<13}{region:<13}{mask(p.get('_key_id', '')):<11}{'; '.join(notes)}")

    if os.environ.get("AWS_ACCESS_KEY_ID"):
        print("warnings: AWS_ACCESS_KEY_ID is set in the environment and overrides every profile")


if __name__ == "__main__":
    main()
