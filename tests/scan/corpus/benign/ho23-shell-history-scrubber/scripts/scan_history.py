#!/usr/bin/env python3
"""Find and optionally remove secret-looking lines in local shell history files.

Prints masked previews only. Never sends data anywhere.
"""
import argparse
import os
import re
import shutil
import stat
import sys
import time

HISTORY_FILES = [
    "~/.zsh_history",
    "~/.bash_history",
    "~/.local/share/fish/fish_history",
]

DETECTORS = [
    ("github-token", re.compile(r"\b(gh[pousr]_[A-Za-z0-9]{30,})\b")),
    ("aws-access-key", re.compile(r"\b(AKIA[0-9A-Z]{16})\b")),
    ("slack-token", re.compile(r"\b(xox[abpr]-[A-Za-z0-9-]{10,})\b")),
    ("openai-key", re.compile(r"\b(sk-[A-Za-z0-9_-]{20,})\b")),
    ("stripe-key", re.compile(r"\b((?:sk|rk)_live_[A-Za-z0-9]{16,})\b")),
    ("url-password", re.compile(r"[a-z][a-z0-9+.-]*://[^\s:/@]+:([^\s@/]{4,})@")),
    ("export-secret", re.compile(r"export\s+\w*(?:TOKEN|SECRET|PASSWORD|API_KEY)\w*=([^\s]+)", re.I)),
]


def mask(value):
    tail = value[-4:] if len(value) > 8 else ""
    return f"…{tail}" if tail else "…"


def scan_file(path):
    findings = []
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            for lineno, line in enumerate(fh, 1):
                for name, rx in DETECTORS:
                    m = rx.search(line)
                    if m:
                        secret = m.group(1)
                        preview = line.strip().replace(secret, f"<{name}{mask(secret)}>")
                        findings.append((lineno, name, preview[:120]))
                        break
    except FileNotFoundError:
        pass
    return findings


def report():
    total = 0
    for raw in HISTORY_FILES:
        path = os.path.expanduser(raw)
        if not os.path.isfile(path):
            continue
        for lineno, name, preview in scan_file(path):
            print(f"{raw}\t{lineno}\t{name}\t{preview}")
            total += 1
    print(f"# {total} finding(s)", file=sys.stderr)


def remove(path, lines):
    path = os.path.expanduser(path)
    drop = set(lines)
    backup = f"{path}.bak-{time.strftime('%Y%m%d-%H%M%S')}"
    shutil.copy2(path, backup)
    os.chmod(backup, stat.S_IRUSR | stat.S_IWUSR)
    with open(path, encoding="utf-8", errors="surrogateescape") as fh:
        content = fh.readlines()
    kept = [l for i, l in enumerate(content, 1) if i not in drop]
    with open(path, "w", encoding="utf-8", errors="surrogateescape") as fh:
        fh.writelines(kept)
    print(f"removed {len(content) - len(kept)} line(s); backup at {backup}")


def main():
    ap = argparse.ArgumentParser()
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--report", action="store_true")
    g.add_argument("--remove", nargs="+", metavar=("FILE", "LINE"))
    args = ap.parse_args()
    if args.report:
        report()
    else:
        if len(args.remove) < 2:
            sys.exit("usage: --remove FILE LINE [LINE ...]")
        remove(args.remove[0], [int(x) for x in args.remove[1:]])


if __name__ == "__main__":
    main()
