#!/usr/bin/env python3
"""Static secret and risky-pattern scanner. Reads files only."""
import argparse
import json
import os
import re
import sys

RULES = [
    ("SEC001", "AWS access key id", re.compile(r"\b(AKIA|ASIA)[0-9A-Z]{16}\b")),
    ("SEC002", "private key block", re.compile(r"-----BEGIN (RSA |EC |OPENSSH |)PRIVATE KEY-----")),
    ("SEC003", "GitHub token", re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36,}\b")),
    ("SEC004", "Slack token", re.compile(r"\bxox[abpr]-[A-Za-z0-9-]{10,}\b")),
    ("SH001", "download piped into a shell", re.compile(r"\b(curl|wget)\b[^|\n]*\|\s*(sudo\s+)?(ba|z)?sh\b")),
    ("SH002", "rm -rf on an unquoted/unguarded variable", re.compile(r"\brm\s+-[a-zA-Z]*r[a-zA-Z]*f?\s+\$\{?\w+\}?/?(\s|$)")),
    ("SH003", "world-writable permissions", re.compile(r"\bchmod\s+(-R\s+)?0?777\b")),
    ("PI001", "prompt-injection phrase in docs", re.compile(r"(?i)ignore (all )?previous instructions")),
]
SKIP_DIRS = {".git", "node_modules", ".venv", "venv", "dist", "build"}
ALLOW_FILE = ".secretlint-allow"


def redact(s):
    return s[:4] + "…" if len(s) > 4 else "…"


def scan_file(path):
    try:
        with open(path, encoding="utf-8", errors="strict") as fh:
            lines = fh.readlines()
    except (UnicodeDecodeError, OSError):
        return
    for no, line in enumerate(lines, 1):
        for rid, msg, rx in RULES:
            m = rx.search(line)
            if m:
                yield {"path": path, "line": no, "rule": rid, "message": msg, "match": redact(m.group(0))}


def walk(root, allow):
    for dp, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS]
        for f in files:
            p = os.path.relpath(os.path.join(dp, f), root)
            if not any(p.startswith(a) for a in allow):
                yield os.path.join(dp, f)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root")
    ap.add_argument("--format", choices=["text", "json"], default="text")
    a = ap.parse_args()
    allow = []
    if os.path.exists(os.path.join(a.root, ALLOW_FILE)):
        allow = [l.strip() for l in open(os.path.join(a.root, ALLOW_FILE)) if l.strip() and not l.startswith("#")]
    findings = [f for p in walk(a.root, allow) for f in scan_file(p)]
    if a.format == "json":
        json.dump(findings, sys.stdout, indent=1)
    else:
        for f in findings:
            print(f"{f['path']}:{f['line']}: {f['rule']} {f['message']} ({f['match']})")
    sys.exit(1 if findings else 0)


if __name__ == "__main__":
    main()
