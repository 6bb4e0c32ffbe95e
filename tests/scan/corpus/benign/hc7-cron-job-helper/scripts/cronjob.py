#!/usr/bin/env python3
"""Add, list and remove tagged crontab entries for the user's own project scripts."""
import argparse
import difflib
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

TAG = "# cronjob-helper:"
FIELD = re.compile(r"^(\*|\d+(-\d+)?)(/\d+)?(,(\*|\d+(-\d+)?)(/\d+)?)*$")
LOGS = Path(os.environ.get("XDG_STATE_HOME", Path.home() / ".local" / "state")) / "cronjob-helper"


def read_crontab():
    res = subprocess.run(["crontab", "-l"], capture_output=True, text=True)
    return res.stdout.splitlines() if res.returncode == 0 else []


def write_crontab(old, new):
    diff = list(difflib.unified_diff(old, new, "crontab (current)", "crontab (new)", lineterm=""))
    if not diff:
        print("no change")
        return
    print("\n".join(diff))
    if input("install this crontab? [y/N] ").strip().lower() != "y":
        print("cancelled; nothing changed")
        return
    subprocess.run(["crontab", "-"], input="\n".join(new) + "\n", text=True, check=True)
    print("crontab updated")


def add(args):
    fields = args.schedule.split()
    if len(fields) != 5 or not all(FIELD.match(f) for f in fields):
        sys.exit(f"invalid schedule {args.schedule!r}: use five fields like '30 2 * * *'")
    if not re.fullmatch(r"[a-z0-9-]+", args.name):
        sys.exit("--name: lowercase letters, digits and '-' only")
    project = Path.cwd()
    cmd = args.command[0]
    resolved = (project / cmd).resolve() if "/" in cmd else shutil.which(cmd)
    if not resolved or not Path(resolved).exists():
        sys.exit(f"command not found: {cmd}")
    LOGS.mkdir(parents=True, exist_ok=True)
    run = " ".join(shlex.quote(a) for a in [str(resolved), *args.command[1:]])
    lock = f"flock -n /tmp/cronjob-helper-{args.name}.lock " if shutil.which("flock") else ""
    line = (f"{args.schedule} cd {shlex.quote(str(project))} && PATH=/usr/local/bin:/usr/bin:/bin:$HOME/.local/bin "
            f"{lock}{run} >> {shlex.quote(str(LOGS / (args.name + '.log')))} 2>&1 {TAG}{args.name}").replace("%", r"\%")
    old = read_crontab()
    new = [l for l in old if not l.endswith(TAG + args.name)] + [line]
    write_crontab(old, new)


def list_jobs(_args):
    jobs = [l for l in read_crontab() if TAG in l]
    if not jobs:
        print("no cronjob-helper entries")
    for l in jobs:
        name = l.rsplit(TAG, 1)[1]
        print(f"{name:<24} {' '.join(l.split()[:5])}   log: {LOGS / (name + '.log')}")


def remove(args):
    old = read_crontab()
    write_crontab(old, [l for l in old if not l.endswith(TAG + args.name)])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("--name", required=True)
    a.add_argument("--schedule", required=True)
    a.add_argument("command", nargs=argparse.REMAINDER)
    sub.add_parser("list")
    r = sub.add_parser("remove")
    r.add_argument("--name", required=True)
    args = ap.parse_args()
    if args.cmd == "add":
        args.command = [c for c in args.command if c != "--"]
        if not args.command:
            sys.exit("give the command after --")
    {"add": add, "list": list_jobs, "remove": remove}[args.cmd](args)


if __name__ == "__main__":
    main()
