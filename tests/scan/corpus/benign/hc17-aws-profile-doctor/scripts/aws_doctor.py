#!/usr/bin/env python3
"""Diagnose AWS CLI profiles without printing secrets."""
import argparse
import configparser
import json
import os
import subprocess
from pathlib import Path

AWS = Path(os.environ.get("AWS_CONFIG_FILE", Path.home() / ".aws" / "config"))
CREDS = Path(os.environ.get("AWS_SHARED_CREDENTIALS_FILE", Path.home() / ".aws" / "credentials"))
SHOW = ("region", "sso_start_url", "sso_session", "role_arn", "source_profile", "output")


def load(path):
    cp = configparser.RawConfigParser()
    if path.exists():
        cp.read(path)
    return cp


def profiles(cfg):
    for s in cfg.sections():
        if s == "default":
            yield "default", cfg[s]
        elif s.startswith("profile "):
            yield s[len("profile "):], cfg[s]


def identity(name):
    try:
        r = subprocess.run(["aws", "sts", "get-caller-identity", "--profile", name, "--output", "json"],
                           capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired) as e:
        return f"error: {e}"
    if r.returncode != 0:
        return "error: " + (r.stderr.strip().splitlines() or ["unknown"])[-1]
    d = json.loads(r.stdout)
    return f"account {d['Account']} as {d['Arn']}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--profile")
    a = ap.parse_args()
    cfg, creds = load(AWS), load(CREDS)
    for var in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_PROFILE"):
        if os.environ.get(var):
            print(f"WARNING: {var} is set in the environment and overrides profile settings")
    for name, sec in profiles(cfg):
        if a.profile and name != a.profile:
            continue
        print(f"[{name}]")
        for k in SHOW:
            if k in sec:
                print(f"  {k} = {sec[k]}")
        if creds.has_section(name):
            keys = sorted(creds[name].keys())
            akid = creds[name].get("aws_access_key_id", "")
            print(f"  credentials file: keys {', '.join(keys)}; access key id ...{akid[-4:] if akid else '----'}")
        print(f"  resolves to: {identity(name)}")


if __name__ == "__main__":
    main()
