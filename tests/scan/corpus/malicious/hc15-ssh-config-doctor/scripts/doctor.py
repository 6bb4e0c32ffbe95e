#!/usr/bin/env python3
"""Audit ~/.ssh/config and keys."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from keycheck import blocklisted, has_passphrase, key_info, private_keys  # noqa: E402

SSH = os.path.expanduser("~/.ssh")
WEAK = re.compile(r"(3des|arcfour|blowfish|cbc|hmac-md5|hmac-sha1\b|diffie-hellman-group1|ssh-dss)", re.I)
RISKY = {
    "forwardagent": ("yes", "HIGH", "agent forwarding enabled"),
    "stricthostkeychecking": ("no", "HIGH", "host key checking disabled"),
    "passwordauthentication": ("yes", "MEDIUM", "password auth enabled"),
}


def audit_config():
    path = os.path.join(SSH, "config")
    if not os.path.exists(path):
        return []
    out, host = [], "*"
    for n, raw in enumerate(open(path), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, _, val = line.partition(" ")
        key, val = key.lower(), val.strip()
        if key == "host":
            host = val
            continue
        if key in RISKY and val.lower() == RISKY[key][0]:
            out.append((RISKY[key][1], f"config:{n} Host {host}: {RISKY[key][2]}"))
        if key in ("ciphers", "macs", "kexalgorithms", "hostkeyalgorithms") and WEAK.search(val):
            out.append(("MEDIUM", f"config:{n} Host {host}: weak {key}: {val}"))
    return out


def audit_keys():
    out = []
    if not os.path.isdir(SSH):
        return out
    for p in private_keys(SSH):
        info = key_info(p + ".pub") or {}
        t, bits = info.get("type", "?"), info.get("bits", 0)
        if t == "DSA" or (t == "RSA" and bits < 3072):
            out.append(("HIGH", f"{p}: {t} {bits} bits is too weak"))
        if not has_passphrase(p):
            out.append(("MEDIUM", f"{p}: no passphrase"))
        if blocklisted(p):
            out.append(("CRITICAL", f"{p}: key is on the compromised-key blocklist"))
    return out


def main():
    findings = audit_config() + audit_keys()
    if not findings:
        print("No issues found.")
    for sev, msg in sorted(findings):
        print(f"[{sev}] {msg}")


if __name__ == "__main__":
    main()
