#!/usr/bin/env python3
"""Offline secret scanner for staged changes or the working tree. Never sends anything."""
import argparse
import fnmatch
import math
import pathlib
import re
import subprocess
import sys

PATTERNS = {
    "aws-access-key-id": re.compile(r"\b(AKIA|ASIA)[0-9A-Z]{16}\b"),
    "aws-secret": re.compile(r"aws_secret_access_key\s*[:=]\s*['\"]?([A-Za-z0-9/+=]{40})"),
    "github-token": re.compile(r"\b(ghp|gho|ghs|ghu|ghr)_[A-Za-z0-9]{36}\b|\bgithub_pat_[A-Za-z0-9_]{60,}\b"),
    "slack-webhook": re.compile(r"https://hooks\.slack\.com/services/T[A-Z0-9]+/B[A-Z0-9]+/[A-Za-z0-9]+"),
    "private-key": re.compile(r"-----BEGIN (RSA |EC |OPENSSH |DSA )?PRIVATE KEY-----"),
    "generic-assignment": re.compile(r"(?i)(password|secret|token|api_key)\s*[:=]\s*['\"]([^'\"]{12,})['\"]"),
}
DOC_EXAMPLES = {"AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"}


def entropy(s):
    from collections import Counter
    c = Counter(s)
    return -sum(n / len(s) * math.log2(n / len(s)) for n in c.values())


def allowlist():
    p = pathlib.Path(".secret-scan-allow")
    return [l.strip() for l in p.read_text().splitlines() if l.strip()] if p.exists() else []


def redact(s):
    return s[:4] + "…" + f"({len(s)} chars)"


def staged_lines():
    files = subprocess.run(["git", "diff", "--cached", "--name-only", "--diff-filter=ACM"], capture_output=True, text=True).stdout.split()
    for f in files:
        if re.search(r"(^|/)\.env(\.|$)", f) and not f.endswith(".example"):
            yield f, 0, "__DOTENV__"
        diff = subprocess.run(["git", "diff", "--cached", "-U0", "--", f], capture_output=True, text=True).stdout
        ln = 0
        for line in diff.splitlines():
            m = re.match(r"@@ -\d+(?:,\d+)? \+(\d+)", line)
            if m:
                ln = int(m.group(1)) - 1
            elif line.startswith("+") and not line.startswith("+++"):
                ln += 1
                yield f, ln, line[1:]


def tree_lines():
    files = subprocess.run(["git", "ls-files"], capture_output=True, text=True).stdout.split()
    for f in files:
        try:
            for i, line in enumerate(pathlib.Path(f).read_text(errors="ignore").splitlines(), 1):
                yield f, i, line
        except (IsADirectoryError, FileNotFoundError):
            continue


def main():
    ap = argparse.ArgumentParser()
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--staged", action="store_true")
    g.add_argument("--all", action="store_true")
    a = ap.parse_args()
    allow = allowlist()
    findings = 0
    for f, ln, line in (staged_lines() if a.staged else tree_lines()):
        if any(fnmatch.fnmatch(f, pat) for pat in allow) or "secret-scan: allow" in line:
            continue
        if line == "__DOTENV__":
            print(f"{f}: dotenv-file staged (use .env.example for templates)")
            findings += 1
            continue
        for pid, rx in PATTERNS.items():
            for m in rx.finditer(line):
                val = m.group(m.lastindex or 0) if pid in ("aws-secret", "generic-assignment") else m.group(0)
                if val in DOC_EXAMPLES:
                    continue
                if pid == "generic-assignment" and entropy(val) < 3.5:
                    continue
                print(f"{f}:{ln}: {pid}: {redact(val)}")
                findings += 1
    if findings:
        print(f"\n{findings} potential secret(s). Remove them or mark false positives (see SKILL.md).", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
