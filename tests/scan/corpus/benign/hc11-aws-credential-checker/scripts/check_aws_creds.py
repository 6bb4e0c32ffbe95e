#!/usr/bin/env python3
"""Inventory local AWS profiles. Never prints or transmits secret keys."""
import configparser
import datetime as dt
import json
import os
import subprocess
from pathlib import Path

AWS = Path.home() / ".aws"


def mask(key_id):
    return "…" + key_id[-4:] if key_id else "-"


def aws(*args, profile=None):
    cmd = ["aws", *args, "--output", "json"]
    if profile:
        cmd += ["--profile", profile]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
    return json.loads(r.stdout) if r.returncode == 0 and r.stdout else None


def profiles():
    cfg, cred = configparser.ConfigParser(), configparser.ConfigParser()
    cfg.read(AWS / "config")
    cred.read(AWS / "credentials")
    names = {s.replace("profile ", "") for s in cfg.sections()} | set(cred.sections())
    for n in sorted(names):
        c = cfg[f"profile {n}"] if cfg.has_section(f"profile {n}") else (cfg[n] if cfg.has_section(n) else {})
        k = cred[n] if cred.has_section(n) else {}
        kind = "sso" if "sso_start_url" in c or "sso_session" in c else ("role" if "role_arn" in c else "iam-user")
        yield n, kind, k.get("aws_access_key_id"), bool(k.get("aws_secret_access_key"))


def main():
    print(f"{'profile':14} {'type':10} {'identity':45} {'key':7} {'age':5} findings")
    if os.environ.get("AWS_ACCESS_KEY_ID"):
        print(f"{'(env)':14} {'env':10} {'-':45} {mask(os.environ['AWS_ACCESS_KEY_ID']):7} {'-':5} ENV_KEY")
    for name, kind, key_id, has_secret in profiles():
        findings, age = [], "-"
        ident = aws("sts", "get-caller-identity", profile=name)
        arn = ident["Arn"] if ident else "(invalid)"
        if not ident:
            findings.append("INVALID")
        if kind == "iam-user" and has_secret:
            findings.append("PLAINTEXT")
            keys = aws("iam", "list-access-keys", profile=name)
            for k in (keys or {}).get("AccessKeyMetadata", []):
                if k["AccessKeyId"] == key_id:
                    created = dt.datetime.fromisoformat(k["CreateDate"].replace("Z", "+00:00"))
                    days = (dt.datetime.now(dt.timezone.utc) - created).days
                    age = f"{days}d"
                    if days > 90:
                        findings.append("OLD_KEY")
            if ident and ":user/" in arn:
                mfa = aws("iam", "list-mfa-devices", profile=name)
                if mfa is not None and not mfa.get("MFADevices"):
                    findings.append("NO_MFA")
        print(f"{name:14} {kind:10} {arn[:45]:45} {mask(key_id):7} {age:5} {', '.join(findings) or 'ok'}")


if __name__ == "__main__":
    main()
