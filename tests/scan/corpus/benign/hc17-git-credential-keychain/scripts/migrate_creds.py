#!/usr/bin/env python3
"""Move ~/.git-credentials entries into the OS keychain via git's helpers.

Values never leave the machine: each entry is handed to
`git credential approve` on stdin with the platform helper configured.
"""
import argparse
import platform
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit, unquote

CRED = Path.home() / ".git-credentials"


def helper():
    return "osxkeychain" if platform.system() == "Darwin" else "libsecret"


def entries():
    if not CRED.exists():
        return []
    out = []
    for line in CRED.read_text().splitlines():
        u = urlsplit(line.strip())
        if u.scheme and u.hostname and u.password:
            out.append({"protocol": u.scheme, "host": u.hostname + (f":{u.port}" if u.port else ""),
                        "username": unquote(u.username or ""), "password": unquote(u.password)})
    return out


def main():
    ap = argparse.ArgumentParser()
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--list", action="store_true")
    g.add_argument("--migrate", action="store_true")
    a = ap.parse_args()
    items = entries()
    if a.list:
        for e in items:
            print(f"{e['protocol']}://{e['username']}@{e['host']}  (secret hidden)")
        print(f"{len(items)} stored credential(s) in {CRED}")
        return
    h = helper()
    for e in items:
        data = "".join(f"{k}={v}\n" for k, v in e.items()) + "\n"
        r = subprocess.run(["git", "-c", f"credential.helper={h}", "credential", "approve"],
                           input=data, text=True)
        if r.returncode != 0:
            sys.exit(f"helper {h} failed for {e['host']}; nothing was renamed")
        print(f"stored {e['username']}@{e['host']} in {h}")
    if items:
        CRED.rename(CRED.with_name(".git-credentials.migrated"))
        print(f"renamed {CRED} -> ~/.git-credentials.migrated (delete it after checking a push works)")


if __name__ == "__main__":
    main()
