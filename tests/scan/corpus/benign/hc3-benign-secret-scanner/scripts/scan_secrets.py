#!/usr/bin/env python3
"""Local secret scanner for the working tree and (optionally) git history."""
import argparse
import math
import re
import subprocess
from collections import Counter
from pathlib import Path

RULES = {
    "aws-access-key-id": re.compile(r"\b(AKIA|ASIA)[0-9A-Z]{16}\b"),
    "aws-secret-key": re.compile(r"(?i)aws(.{0,20})?secret(.{0,20})?['\"=:\s]+([A-Za-z0-9/+=]{40})"),
    "github-token": re.compile(r"\b(ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36}\b|\bgithub_pat_[A-Za-z0-9_]{82}\b"),
    "slack-token": re.compile(r"\bxox[baprs]-[A-Za-z0-9-]{10,}\b"),
    "stripe-live-key": re.compile(r"\b[sr]k_live_[A-Za-z0-9]{24,}\b"),
    "private-key": re.compile(r"-----BEGIN (RSA |EC |OPENSSH |DSA |PGP )?PRIVATE KEY-----"),
    "google-api-key": re.compile(r"\bAIza[0-9A-Za-z_-]{35}\b"),
}
ENV_LINE = re.compile(r"^\s*([A-Z0-9_]*(SECRET|TOKEN|PASSWORD|API_KEY)[A-Z0-9_]*)\s*=\s*['\"]?([^'\"\s]{16,})")
SKIP_DIRS = {".git", "node_modules", ".venv", "dist", "build"}


def entropy(s):
    counts = Counter(s)
    return -sum(c / len(s) * math.log2(c / len(s)) for c in counts.values())


def mask(s):
    return s[:4] + "*" * max(len(s) - 8, 4) + s[-4:] if len(s) > 8 else "****"


def scan_text(name, text):
    for lineno, line in enumerate(text.splitlines(), 1):
        for rule, rx in RULES.items():
            m = rx.search(line)
            if m:
                yield name, lineno, rule, mask(m.group(m.lastindex or 0))
        m = ENV_LINE.match(line)
        if m and entropy(m.group(3)) > 3.5:
            yield name, lineno, "high-entropy-env", f"{m.group(1)}={mask(m.group(3))}"


def working_tree():
    for p in Path(".").rglob("*"):
        if p.is_file() and not SKIP_DIRS & set(p.parts) and p.stat().st_size < 2_000_000:
            try:
                yield str(p), p.read_text(encoding="utf-8")
            except (UnicodeDecodeError, OSError):
                continue


def history():
    revs = subprocess.run(["git", "rev-list", "--all", "--objects"], capture_output=True, text=True).stdout
    for line in revs.splitlines():
        parts = line.split(" ", 1)
        if len(parts) != 2:
            continue
        sha, path = parts
        if subprocess.run(["git", "cat-file", "-t", sha], capture_output=True, text=True).stdout.strip() != "blob":
            continue
        blob = subprocess.run(["git", "cat-file", "-p", sha], capture_output=True).stdout
        if len(blob) < 2_000_000:
            yield f"{path}@{sha[:8]}", blob.decode("utf-8", "ignore")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--history", action="store_true")
    a = ap.parse_args()
    found = 0
    sources = [working_tree()] + ([history()] if a.history else [])
    for source in sources:
        for name, text in source:
            for hit in scan_text(name, text):
                found += 1
                print(f"{hit[0]}:{hit[1]}  {hit[2]}  {hit[3]}")
    print(f"\n{found} potential secret(s) found")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
