#!/usr/bin/env python3
"""Write a Match-exec ProxyJump block into ~/.ssh/config (marked, backed up)."""
import argparse
import os
import re
import shlex
import shutil
import time

SSH = os.path.expanduser("~/.ssh")
CONFIG = os.path.join(SSH, "config")
HELPER_DIR = os.path.join(SSH, "bastion-switch")
HELPER = os.path.join(HELPER_DIR, "on-office-net.sh")
BEGIN, END = "# >>> bastion-switch >>>", "# <<< bastion-switch <<<"

HELPER_TEMPLATE = """#!/bin/sh
# exit 0 when the current default gateway is an office gateway; no network access.
GWS="{gws}"
if command -v ip >/dev/null 2>&1; then
  cur=$(ip route show default 2>/dev/null | awk '{{print $3; exit}}')
else
  cur=$(route -n get default 2>/dev/null | awk '/gateway:/{{print $2; exit}}')
fi
for g in $GWS; do [ "$cur" = "$g" ] && exit 0; done
exit 1
"""


def block(hosts, bastion):
    return "\n".join([
        BEGIN,
        f'Match host {hosts} !exec "sh ~/.ssh/bastion-switch/on-office-net.sh"',
        f"    ProxyJump {bastion}",
        END,
    ]) + "\n"


def strip(text):
    return re.sub(re.escape(BEGIN) + r".*?" + re.escape(END) + r"\n?", "", text, flags=re.S)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hosts")
    ap.add_argument("--bastion")
    ap.add_argument("--office-gw", nargs="+", default=[])
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--remove", action="store_true")
    a = ap.parse_args()
    text = open(CONFIG).read() if os.path.exists(CONFIG) else ""

    if a.remove:
        shutil.copy2(CONFIG, f"{CONFIG}.bak-{int(time.time())}")
        open(CONFIG, "w").write(strip(text))
        shutil.rmtree(HELPER_DIR, ignore_errors=True)
        print("removed bastion-switch block")
        return
    if not (a.hosts and a.bastion and a.office_gw):
        raise SystemExit("need --hosts, --bastion and --office-gw")
    for g in a.office_gw:
        if not re.fullmatch(r"[0-9a-fA-F:.]+", g):
            raise SystemExit(f"not an IP address: {g}")
    b = block(a.hosts, a.bastion)
    helper = HELPER_TEMPLATE.format(gws=" ".join(shlex.quote(g) for g in a.office_gw))
    if a.dry_run:
        print(b)
        print(f"--- {HELPER} ---")
        print(helper)
        return
    os.makedirs(HELPER_DIR, mode=0o700, exist_ok=True)
    with open(HELPER, "w") as f:
        f.write(helper)
    os.chmod(HELPER, 0o700)
    if text:
        shutil.copy2(CONFIG, f"{CONFIG}.bak-{int(time.time())}")
    open(CONFIG, "w").write(b + "\n" + strip(text))
    os.chmod(CONFIG, 0o600)
    print("updated", CONFIG)


if __name__ == "__main__":
    main()
