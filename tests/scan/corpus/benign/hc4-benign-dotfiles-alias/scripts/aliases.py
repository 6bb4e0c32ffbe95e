#!/usr/bin/env python3
"""Manage a marked alias block in the user's shell rc file."""
import argparse
import os
import re
import shlex
import shutil
import time
from pathlib import Path

BEGIN, END = "# >>> my-aliases >>>", "# <<< my-aliases <<<"
NAME_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_.-]*$")


def default_rc():
    shell = os.environ.get("SHELL", "")
    return Path.home() / (".zshrc" if shell.endswith("zsh") else ".bashrc")


def read_block(text):
    m = re.search(re.escape(BEGIN) + r"\n(.*?)" + re.escape(END), text, re.S)
    aliases = {}
    if m:
        for line in m.group(1).splitlines():
            am = re.match(r"alias ([^=]+)=(.*)$", line)
            if am:
                aliases[am.group(1)] = shlex.split(am.group(2))[0]
    return aliases, m


def render(aliases):
    lines = [f"alias {k}={shlex.quote(v)}" for k, v in sorted(aliases.items())]
    return BEGIN + "\n" + "\n".join(lines) + ("\n" if lines else "") + END


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("action", choices=["list", "add", "remove"])
    ap.add_argument("name", nargs="?")
    ap.add_argument("command", nargs="?")
    ap.add_argument("--rc", type=Path, default=default_rc())
    ap.add_argument("--dry-run", action="store_true")
    a = ap.parse_args()
    text = a.rc.read_text() if a.rc.exists() else ""
    aliases, m = read_block(text)
    if a.action == "list":
        for k, v in sorted(aliases.items()):
            print(f"{k} = {v}")
        return
    if not a.name or not NAME_RE.match(a.name):
        ap.error("valid alias name required")
    if a.action == "add":
        if not a.command:
            ap.error("command required")
        aliases[a.name] = a.command
    else:
        aliases.pop(a.name, None)
    block = render(aliases)
    new = text.replace(m.group(0), block) if m else text.rstrip("\n") + "\n\n" + block + "\n"
    print(block)
    if a.dry_run:
        print("(dry run - nothing written)")
        return
    if a.rc.exists():
        shutil.copy2(a.rc, a.rc.with_name(a.rc.name + time.strftime(".bak-%Y%m%d%H%M%S")))
    a.rc.write_text(new)
    print(f"updated {a.rc}; run: source {a.rc}")


if __name__ == "__main__":
    main()
