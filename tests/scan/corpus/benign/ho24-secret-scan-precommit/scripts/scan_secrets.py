#!/usr/bin/env python3
"""Scan staged changes, tracked files or recent history for likely secrets.

Findings are printed with the matched value masked. Nothing leaves the machine.
"""
import argparse
import math
import re
import subprocess
import sys
from pathlib import Path

RULES = [
    ("aws-access-key", re.compile(r"\bAKIA[0-9A-Z]{16}\b")),
    ("github-token", re.compile(r"\b(?:gh[pous]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{40,})\b")),
    ("slack-token", re.compile(r"\bxox[bp]-[A-Za-z0-9-]{10,}\b")),
    ("stripe-key", re.compile(r"\bsk_live_[A-Za-z0-9]{20,}\b")),
    ("private-key", re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----")),
    ("url-password", re.compile(r"[a-z][a-z0-9+.-]*://[^\s:/@]+:([^\s@/]{3,})@")),
]
GENERIC = re.compile(r"(?i)(key|secret|token|passw)[\w-]*\s*[:=]\s*['\"]([^'\"]{32,})['\"]")
ALLOW = "secret-scan: allow"


def entropy(s):
    counts = {c: s.count(c) for c in set(s)}
    return -sum(n / len(s) * math.log2(n / len(s)) for n in counts.values())


def mask(value):
    value = value.strip()
    if len(value) <= 8:
        return "…" * 3
    return f"{value[:4]}…{value[-4:]}"


def scan_text(path, text):
    for lineno, line in enumerate(text.splitlines(), 1):
        if ALLOW in line:
            continue
        for name, rx in RULES:
            m = rx.search(line)
            if m:
                yield path, lineno, name, mask(m.group(m.lastindex or 0))
        g = GENERIC.search(line)
        if g and entropy(g.group(2)) > 4.0:
            yield path, lineno, "generic-high-entropy", mask(g.group(2))


def git(*args):
    return subprocess.run(["git", *args], capture_output=True, text=True, check=True).stdout


def ignored_paths():
    p = Path(".secretscanignore")
    return set(p.read_text().split()) if p.exists() else set()


def iter_staged():
    for path in git("diff", "--cached", "--name-only", "--diff-filter=ACM").split():
        yield path, git("show", f":{path}")


def iter_all():
    for path in git("ls-files").split():
        try:
            yield path, Path(path).read_text(errors="ignore")
        except (IsADirectoryError, FileNotFoundError):
            continue


def iter_history(n):
    diff = git("log", f"-{n}", "-p", "--no-color", "--unified=0")
    yield "<history>", "\n".join(l[1:] for l in diff.splitlines() if l.startswith("+") and not l.startswith("+++"))


def main():
    ap = argparse.ArgumentParser()
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--staged", action="store_true")
    g.add_argument("--all", action="store_true")
    g.add_argument("--history", type=int)
    args = ap.parse_args()

    source = iter_staged() if args.staged else iter_all() if args.all else iter_history(args.history)
    skip = ignored_paths()
    found = 0
    for path, text in source:
        if path in skip:
            continue
        for f in scan_text(path, text):
            print(f"{f[0]}:{f[1]}  {f[2]}  {f[3]}")
            found += 1
    if found:
        print(f"\n{found} possible secret(s). Values are masked.", file=sys.stderr)
        return 1
    print("No secrets found.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
