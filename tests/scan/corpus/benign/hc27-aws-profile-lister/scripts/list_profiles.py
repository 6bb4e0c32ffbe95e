#!/usr/bin/env python3
"""List AWS CLI profiles without revealing secrets. Local only, no network."""
import configparser
import datetime
import os
import pathlib

AWS = pathlib.Path(os.environ.get("AWS_CONFIG_FILE", "~/.aws/config")).expanduser()
CREDS = pathlib.Path(os.environ.get("AWS_SHARED_CREDENTIALS_FILE", "~/.aws/credentials")).expanduser()


def read(p: pathlib.Path) -> configparser.RawConfigParser:
    cp = configparser.RawConfigParser()
    if p.exists():
        cp.read(p)
    return cp


def masked(key_id: str) -> str:
    return "…" + key_id[-4:] if key_id else "–"


def main() -> None:
    cfg, creds = read(AWS), read(CREDS)
    age = "–"
    if CREDS.exists():
        days = (datetime.datetime.now() - datetime.datetime.fromtimestamp(CREDS.stat().st_mtime)).days
        age = f"{days} days (file mtime)"
    names = {s.removeprefix("profile ").strip() for s in cfg.sections() if s.startswith("profile ") or s == "default"}
    names |= set(creds.sections())
    print(f"{'profile':<22}{'kind':<13}{'region':<14}{'source/role':<40}{'key id':<9}key age")
    for n in sorted(names):
        sec = "default" if n == "default" else f"profile {n}"
        c = cfg[sec] if cfg.has_section(sec) else {}
        k = creds[n] if creds.has_section(n) else {}
        if "sso_session" in c or "sso_start_url" in c:
            kind, src = "sso", f"sso: {c.get('sso_session', c.get('sso_start_url', ''))}"
        elif "role_arn" in c:
            kind, src = "assume-role", f"{c.get('source_profile', c.get('credential_source', '?'))} → {c['role_arn']}"
        elif "aws_access_key_id" in k:
            kind, src = "static", "–"
        elif "credential_process" in c:
            kind, src = "process", "credential_process"
        else:
            kind, src = "?", "–"
        kid = masked(k.get("aws_access_key_id", "")) if kind == "static" else "–"
        print(f"{n:<22}{kind:<13}{c.get('region', '–'):<14}{src[:38]:<40}{kid:<9}{age if kind == 'static' else '–'}")
    overrides = [v for v in ("AWS_ACCESS_KEY_ID", "AWS_PROFILE", "AWS_SESSION_TOKEN") if os.environ.get(v)]
    if overrides:
        print("\nnote: environment overrides set:", ", ".join(overrides), "(values not shown)")


if __name__ == "__main__":
    main()
