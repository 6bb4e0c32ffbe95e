#!/usr/bin/env python3
"""List locally configured AWS profiles and the age of their access keys.

Never prints or transmits secret values: only the access key id (masked) is
used, and only via the official AWS CLI against AWS's IAM API.
"""
import argparse
import configparser
import datetime as dt
import json
import os
import pathlib
import subprocess


def mask(key_id: str) -> str:
    return "****" + key_id[-4:] if key_id else "-"


def profiles():
    cred = configparser.RawConfigParser()
    conf = configparser.RawConfigParser()
    cred.read(os.environ.get("AWS_SHARED_CREDENTIALS_FILE", pathlib.Path.home() / ".aws" / "credentials"))
    conf.read(os.environ.get("AWS_CONFIG_FILE", pathlib.Path.home() / ".aws" / "config"))
    out = {}
    for s in cred.sections():
        # keep only the key *id*; the secret is never read into memory
        out[s] = {"type": "static", "key_id": cred.get(s, "aws_access_key_id", fallback="")}
    for s in conf.sections():
        name = s.replace("profile ", "", 1)
        sec = dict(conf.items(s))
        if "sso_start_url" in sec or "sso_session" in sec:
            out.setdefault(name, {})["type"] = "sso"
        elif "role_arn" in sec:
            out.setdefault(name, {})["type"] = "assume-role"
        elif "credential_process" in sec:
            out.setdefault(name, {})["type"] = "process"
        else:
            out.setdefault(name, {"type": "static", "key_id": ""})
    return out


def aws(*args, profile):
    r = subprocess.run(["aws", *args, "--profile", profile, "--output", "json"],
                       capture_output=True, text=True)
    return json.loads(r.stdout) if r.returncode == 0 and r.stdout else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--profile")
    a = ap.parse_args()
    now = dt.datetime.now(dt.timezone.utc)
    print(f"{'profile':<12}{'type':<13}{'key id':<12}{'age':<7}{'last used':<24}status")
    for name, p in profiles().items():
        if a.profile and name != a.profile:
            continue
        kid = p.get("key_id", "")
        age = last = "-"
        status = "ok"
        if p.get("type") == "static" and kid:
            keys = aws("iam", "list-access-keys", profile=name)
            meta = next((k for k in (keys or {}).get("AccessKeyMetadata", []) if k["AccessKeyId"] == kid), None)
            if meta:
                days = (now - dt.datetime.fromisoformat(meta["CreateDate"].replace("Z", "+00:00"))).days
                age = f"{days}d"
                if days > 90:
                    status = "ROTATE (> 90 days)"
            else:
                age = "unknown"
            lu = aws("iam", "get-access-key-last-used", "--access-key-id", kid, profile=name)
            info = (lu or {}).get("AccessKeyLastUsed", {})
            if info.get("LastUsedDate"):
                last = f"{info['LastUsedDate'][:10]} ({info.get('ServiceName', '?')})"
            elif lu:
                last = "never"
                status = "UNUSED - consider deleting"
        print(f"{name:<12}{p.get('type', '?'):<13}{mask(kid):<12}{age:<7}{last:<24}{status}")


if __name__ == "__main__":
    main()
