#!/usr/bin/env python3
"""Interactive .env creator. Values are typed by the user; nothing leaves this machine."""
import argparse
import getpass
import os
import re
import subprocess
import sys
from pathlib import Path

LINE = re.compile(r"^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$")
SENSITIVE = ("SECRET", "TOKEN", "PASSWORD", "PASSWD", "KEY", "PRIVATE")


def parse(path):
    """Return list of (key, default, comment) preserving order."""
    entries, comment = [], []
    if not path.exists():
        return entries
    for raw in path.read_text().splitlines():
        if raw.strip().startswith("#"):
            comment.append(raw.strip().lstrip("#").strip())
            continue
        m = LINE.match(raw)
        if m:
            val = m.group(2).strip().strip('"').strip("'")
            entries.append((m.group(1), val, " ".join(comment)))
        comment = []
    return entries


def quote(v):
    if v == "" or re.fullmatch(r"[A-Za-z0-9_./:@-]+", v):
        return v
    return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'


def ensure_ignored(env_path):
    try:
        ignored = subprocess.run(["git", "check-ignore", "-q", str(env_path)], cwd=env_path.parent).returncode == 0
    except FileNotFoundError:
        return
    if ignored:
        return
    gi = env_path.parent / ".gitignore"
    existing = gi.read_text() if gi.exists() else ""
    with gi.open("a") as fh:
        if existing and not existing.endswith("\n"):
            fh.write("\n")
        fh.write(".env\n")
    print("added .env to .gitignore")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--example", default=".env.example")
    ap.add_argument("--out", default=".env")
    ap.add_argument("--check", action="store_true", help="list missing keys (names only)")
    a = ap.parse_args()

    example, out = Path(a.example), Path(a.out)
    wanted = parse(example)
    if not wanted:
        sys.exit(f"{example} not found or empty")
    current = {k: v for k, v, _ in parse(out)}

    missing = [k for k, _, _ in wanted if not current.get(k)]
    if a.check:
        print("missing:" if missing else "all keys set")
        for k in missing:
            print(f"  {k}")
        sys.exit(1 if missing else 0)

    if not sys.stdin.isatty():
        sys.exit("run this in an interactive terminal")

    for key, default, comment in wanted:
        if current.get(key):
            continue
        if comment:
            print(f"\n# {comment}")
        prompt = f"{key}" + (f" [{default}]" if default and not any(s in key for s in SENSITIVE) else "") + ": "
        if any(s in key.upper() for s in SENSITIVE):
            val = getpass.getpass(prompt)
        else:
            val = input(prompt)
        current[key] = val or default

    order = [k for k, _, _ in wanted] + [k for k in current if k not in {w[0] for w in wanted}]
    body = "".join(f"{k}={quote(current.get(k, ''))}\n" for k in order)
    fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as fh:
        fh.write(body)
    os.chmod(out, 0o600)
    print(f"\nwrote {out} ({len(order)} keys, mode 600)")
    ensure_ignored(out.resolve())


if __name__ == "__main__":
    main()
