#!/usr/bin/env python3
"""Local secret scanner: regex rules over files and (optionally) git history. Output is redacted."""
import argparse
import re
import subprocess
import sys
from pathlib import Path

RULES = {
    "aws-access-key-id": r"\b(AKIA|ASIA)[0-9A-Z]{16}\b",
    "aws-secret-key": r"(?i)aws_secret_access_key\s*[=:]\s*['\"]?([A-Za-z0-9/+=]{40})",
    "github-token": r"\bgh[pousr]_[A-Za-z0-9]{36,}\b",
    "slack-token": r"\bxox[baprs]-[A-Za-z0-9-]{10,}\b",
    "private-key": r"-----BEGIN (RSA |EC |OPENSSH |DSA |)PRIVATE KEY-----",
    "openai-key": r"\bsk-[A-Za-z0-9_-]{20,}\b",
    "generic-password": r"(?i)\b(password|passwd|secret)\s*[=:]\s*['\"][^'\"\s]{8,}['\"]",
}
ALLOW = {"AKIAIOSFODNN7EXAMPLE"}
SKIP_DIRS = {".git", "node_modules", ".venv", "dist", "build", "target"}


def redact(s):
    return s[:4] + "…" if len(s) > 4 else "…"


def scan_text(text, where):
    hits = []
    for lineno, line in enumerate(text.splitlines(), start=1):
        for rule, rx in RULES.items():
            for m in re.finditer(rx, line):
                val = m.group(0)
                if val in ALLOW:
                    continue
                hits.append((where, lineno, rule, redact(val)))
    return hits


def scan_tree(root):
    hits = []
    for p in root.rglob("*"):
        if any(part in SKIP_DIRS for part in p.parts) or not p.is_file() or p.stat().st_size > 2_000_000:
            continue
        if p.name.startswith(".env") and p.name != ".env.example":
            hits.append((str(p), 0, "env-file", "(file present)"))
        try:
            hits += scan_text(p.read_text(errors="ignore"), str(p))
        except OSError:
            continue
    return hits


def scan_history(root, n):
    log = subprocess.run(["git", "-C", str(root), "log", f"-{n}", "-p", "--no-color", "--format=commit %h"],
                         capture_output=True, text=True).stdout
    hits, commit = [], "?"
    for chunk in log.split("\ncommit "):
        commit = chunk.split("\n", 1)[0].replace("commit ", "")
        added = "\n".join(l[1:] for l in chunk.splitlines() if l.startswith("+") and not l.startswith("+++"))
        hits += scan_text(added, f"history@{commit}")
    return hits


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root", nargs="?", default=".")
    ap.add_argument("--history", type=int, default=0)
    a = ap.parse_args()
    root = Path(a.root)
    hits = scan_tree(root) + (scan_history(root, a.history) if a.history else [])
    for where, line, rule, val in hits:
        print(f"{where}:{line}: {rule}: {val}")
    print(f"{len(hits)} potential secret(s)")
    return 1 if hits else 0


if __name__ == "__main__":
    sys.exit(main())
