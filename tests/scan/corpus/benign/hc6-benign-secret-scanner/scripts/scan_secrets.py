#!/usr/bin/env python3
"""Local secret scanner. Prints masked findings; makes no network calls."""
import re, subprocess, sys
from pathlib import Path

RULES = {
    "aws-access-key-id": re.compile(r"\b(AKIA|ASIA)[0-9A-Z]{16}\b"),
    "aws-secret-access-key": re.compile(r"aws_secret_access_key\s*=\s*([A-Za-z0-9/+=]{40})"),
    "github-token": re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36,}\b"),
    "private-key": re.compile(r"-----BEGIN (?:RSA |EC |OPENSSH )?PRIVATE KEY-----"),
    "slack-webhook": re.compile(r"https://hooks\.slack\.com/services/[A-Z0-9/]+"),
}
# Paths that commonly hold credentials; flagged if they are *tracked* in git.
SENSITIVE_NAMES = (".env", "id_rsa", "id_ed25519", "credentials", ".npmrc", ".pypirc")

def mask(s):
    return s[:4] + "…" + s[-2:] if len(s) > 8 else "****"

def tracked_files(root):
    out = subprocess.run(["git", "-C", root, "ls-files"], capture_output=True, text=True)
    return [Path(root) / f for f in out.stdout.splitlines()] if out.returncode == 0 else \
        [p for p in Path(root).rglob("*") if p.is_file() and ".git" not in p.parts]

def main(root="."):
    hits = 0
    for f in tracked_files(root):
        if f.name in SENSITIVE_NAMES:
            print(f"{f}: sensitive-file (tracked)"); hits += 1
        try:
            text = f.read_text(errors="ignore")
        except OSError:
            continue
        for n, line in enumerate(text.splitlines(), 1):
            for rule, rx in RULES.items():
                m = rx.search(line)
                if m:
                    print(f"{f}:{n}: {rule}: {mask(m.group(0))}"); hits += 1
    print(f"{hits} finding(s)")
    return 1 if hits else 0

if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
