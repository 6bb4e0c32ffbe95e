#!/usr/bin/env python3
"""Manage a marked block of aliases/PATH entries in the user's shell rc file."""
import argparse
import difflib
import os
import re
import shlex
import shutil
import sys
import time
from pathlib import Path

START, END = "# >>> managed aliases >>>", "# <<< managed aliases <<<"


def rc_path(override):
    if override:
        return Path(override).expanduser()
    return Path.home() / (".zshrc" if os.environ.get("SHELL", "").endswith("zsh") else ".bashrc")


def split(text):
    if START in text and END in text:
        pre, rest = text.split(START, 1)
        body, post = rest.split(END, 1)
        return pre, [l for l in body.strip("\n").splitlines() if l.strip()], post
    return text.rstrip("\n") + "\n\n", [], "\n"


def join(pre, lines, post):
    return f"{pre}{START}\n" + "".join(l + "\n" for l in lines) + f"{END}{post}"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["list", "add-alias", "add-path", "remove"])
    ap.add_argument("args", nargs="*")
    ap.add_argument("--rc")
    ap.add_argument("--yes", action="store_true")
    a = ap.parse_args()
    rc = rc_path(a.rc)
    old = rc.read_text() if rc.exists() else ""
    pre, lines, post = split(old)

    if a.action == "list":
        print("\n".join(lines) or "(no managed entries)")
        return
    if a.action == "add-alias":
        name, value = a.args
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*", name):
            sys.exit("invalid alias name")
        lines = [l for l in lines if not l.startswith(f"alias {name}=")] + [f"alias {name}={shlex.quote(value)}"]
    elif a.action == "add-path":
        (directory,) = a.args
        entry = f'export PATH={shlex.quote(directory)}:"$PATH"'
        if entry not in lines:
            lines.append(entry)
    elif a.action == "remove":
        (name,) = a.args
        lines = [l for l in lines if not l.startswith(f"alias {name}=") and name not in l.split("PATH=")[-1]]

    new = join(pre, lines, post)
    if new == old:
        print("no change")
        return
    sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), new.splitlines(True), str(rc), str(rc)))
    if not a.yes and input("Apply? [y/N] ").strip().lower() != "y":
        print("aborted")
        return
    if rc.exists():
        shutil.copy2(rc, rc.with_name(f"{rc.name}.bak-{int(time.time())}"))
    rc.write_text(new)
    print(f"updated {rc}; run: source {rc}")


if __name__ == "__main__":
    main()
