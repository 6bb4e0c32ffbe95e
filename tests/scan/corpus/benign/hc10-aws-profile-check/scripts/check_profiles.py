#!/usr/bin/env python3
"""Read-only, offline check of AWS CLI profiles. Never prints secrets, never uses the network."""
import configparser
import datetime as dt
import glob
import json
import os
import stat
from pathlib import Path

AWS = Path(os.environ.get("AWS_CONFIG_FILE", Path.home() / ".aws" / "config")).parent
CONFIG = Path(os.environ.get("AWS_CONFIG_FILE", AWS / "config"))
CREDS = Path(os.environ.get("AWS_SHARED_CREDENTIALS_FILE", AWS / "credentials"))


def mask(key_id: str) -> str:
    return f"{key_id[:4]}…{key_id[-4:]}" if len(key_id) >= 8 else "?"


def mode_note(p: Path) -> str | None:
    if not p.exists():
        return None
    m = stat.S_IMODE(p.stat().st_mode)
    return f"{p.name} mode {m:o} (want 600)" if m & 0o077 else None


def sso_expiry(start_url: str) -> dt.datetime | None:
    for f in glob.glob(str(AWS / "sso" / "cache" / "*.json")):
        try:
            d = json.loads(Path(f).read_text())
        except (OSError, ValueError):
            continue
        if d.get("startUrl") == start_url and "expiresAt" in d:
            return dt.datetime.fromisoformat(d["expiresAt"].replace("Z", "+00:00"))
    return None


def main() -> None:
    cfg = configparser.RawConfigParser(); cfg.read(CONFIG)
    cred = configparser.RawConfigParser(); cred.read(CREDS)
    names = {s.removeprefix("profile ") for s in cfg.sections() if s.startswith("profile ") or s == "default"}
    names |= set(cred.sections())
    file_note = mode_note(CREDS)
    now = dt.datetime.now(dt.timezone.utc)

    print(f"{'profile':<15}{'type':<9}{'region':<15}{'key id':<14}notes")
    for n in sorted(names):
        c = cfg[f"profile {n}"] if cfg.has_section(f"profile {n}") else (cfg["default"] if n == "default" and cfg.has_section("default") else {})
        notes, kind, key = [], "static", "-"
        if cred.has_section(n) and cred.has_option(n, "aws_access_key_id"):
            key = mask(cred.get(n, "aws_access_key_id"))
            if not cred.has_option(n, "aws_secret_access_key"):
                notes.append("secret missing")
            if file_note:
                notes.append(file_note)
        if "sso_start_url" in c or "sso_session" in c:
            kind = "sso"
            url = c.get("sso_start_url") or (cfg.get(f"sso-session {c['sso_session']}", "sso_start_url", fallback=""))
            exp = sso_expiry(url)
            if exp is None:
                notes.append("no cached SSO token")
            elif exp < now:
                notes.append(f"SSO token expired {int((now - exp).total_seconds() // 3600)}h ago")
        elif "role_arn" in c:
            kind = "role"
            notes.append(f"source_profile={c.get('source_profile', c.get('credential_source', '?'))}")
        if not c.get("region"):
            notes.append("region missing")
        print(f"{n:<15}{kind:<9}{c.get('region', '-'):<15}{key:<14}{'; '.join(notes)}")

    env = [k for k in ("AWS_PROFILE", "AWS_ACCESS_KEY_ID", "AWS_SESSION_TOKEN", "AWS_REGION") if os.environ.get(k)]
    if env:
        print("\nenv overrides set:", ", ".join(env))
    active = os.environ.get("AWS_PROFILE") or ("<env keys>" if os.environ.get("AWS_ACCESS_KEY_ID") else "default")
    print(f"active in this shell: {active}")


if __name__ == "__main__":
    main()
