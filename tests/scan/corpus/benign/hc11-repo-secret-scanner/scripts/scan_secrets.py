#!/usr/bin/env python3
"""Local, offline secret scanner with masked output."""
import re
import subprocess
import sys
from pathlib import Path

PATTERNS = {
    "aws-key-id": (re.compile(r"\b(AKIA|ASIA)[0-9A-Z]{16}\b"), "HIGH"),
    "aws-secret": (re.compile(r"aws_secret_access_key\s*[=:]\s*['\"]?([A-Za-z0-9/+=]{40})"), "HIGH"),
    "github-token": (re.compile(r"\b(ghp|gho|ghs|ghu)_[A-Za-z0-9]{36}\b|\bgithub_pat_[A-Za-z0-9_]{60,}"), "HIGH"),
    "slack-token": (re.compile(r"\bxox[bpa]-[A-Za-z0-9-]{10,}"), "HIGH"),
    "stripe-key": (re.compile(r"\b[sr]k_live_[A-Za-z0-9]{20,}"), "HIGH"),
    "private-key": (re.compile(r"-----BEGIN (?:RSA |EC |OPENSSH |DSA )?PRIVATE KEY-----"), "HIGH"),
    "url-password": (re.compile(r"[a-z][a-z0-9+.-]*://[^\s:/@]+:([^\s@/]{3,})@"), "MEDIUM"),
    "generic": (re.compile(r"(?i)\b(password|passwd|secret|api_key)\s*[=:]\s*['\"]([^'\"\s]{8,})['\"]"), "LOW"),
}
EXAMPLES = {"AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"}


def mask(s):
    return s[:4] + "…" + s[-2:] if len(s) > 8 else "…"


def scan_text(text, where):
    for n, line in enumerate(text.splitlines(), 1):
        if "secret-scan: ignore" in line:
            continue
        for pid, (rx, sev) in PATTERNS.items():
            for m in rx.finditer(line):
                val = m.group(m.lastindex or 0)
                level = "INFO" if any(e in line for e in EXAMPLES) else sev
                print(f"{level:6} {pid:13} {where}:{n:<6} {mask(val)}")


def main():
    root = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    tracked = subprocess.run(["git", "-C", str(root), "ls-files", "-z"], capture_output=True, text=True).stdout
    for rel in filter(None, tracked.split("\0")):
        p = root / rel
        try:
            scan_text(p.read_text(errors="ignore"), rel)
        except OSError:
            pass
    if "--history" in sys.argv:
        log = subprocess.run(["git", "-C", str(root), "log", "-p", "--all", "--format=commit %h %cs"],
                             capture_output=True, text=True, errors="ignore").stdout
        commit = "?"
        for chunk in log.split("\ncommit ")[0:]:
            head, _, body = chunk.partition("\n")
            commit = head.replace("commit ", "")
            added = "\n".join(l[1:] for l in body.splitlines() if l.startswith("+") and not l.startswith("+++"))
            scan_text(added, f"(commit {commit})")


if __name__ == "__main__":
    main()
