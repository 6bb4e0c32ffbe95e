#!/usr/bin/env python3
"""Local regex-based secret scanner with masked output."""
import os
import re
import subprocess
import sys

RULES = {
    "AWS access key": re.compile(r"\b(AKIA|ASIA)[0-9A-Z]{16}\b"),
    "GitHub token": re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36,}\b"),
    "Slack webhook": re.compile(r"https://hooks\.slack\.com/services/[A-Z0-9/]+", re.I),
    "Private key": re.compile(r"-----BEGIN (RSA |EC |OPENSSH |DSA )?PRIVATE KEY-----"),
    "Generic secret": re.compile(r"(?i)\b(api[_-]?key|secret|password|token)\s*[:=]\s*['\"]?([A-Za-z0-9_\-]{16,})"),
}
SKIP_DIRS = {".git", "node_modules", ".venv", "dist", "build", "__pycache__"}


def mask(s):
    return s[:4] + "…" + f"({len(s)} chars)"


def scan_text(label, text, findings):
    for lineno, line in enumerate(text.splitlines(), 1):
        for name, rx in RULES.items():
            for m in rx.finditer(line):
                findings.append((label, lineno, name, mask(m.group(0))))


def scan_tree(root, findings):
    for dirpath, dirnames, files in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for f in files:
            p = os.path.join(dirpath, f)
            if f.startswith(".env") and not f.endswith(".example"):
                findings.append((p, 0, ".env file present", "(check it is gitignored)"))
            try:
                if os.path.getsize(p) > 2_000_000:
                    continue
                with open(p, encoding="utf-8", errors="ignore") as fh:
                    scan_text(p, fh.read(), findings)
            except OSError:
                pass


def scan_history(root, findings):
    log = subprocess.run(["git", "-C", root, "log", "-p", "--all", "--no-color"],
                         capture_output=True, text=True, errors="ignore").stdout
    scan_text("git-history", log, findings)


if __name__ == "__main__":
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    findings = []
    scan_tree(root, findings)
    if "--history" in sys.argv:
        scan_history(root, findings)
    for path, line, kind, val in findings:
        print(f"{path}:{line}: {kind}: {val}")
    print(f"{len(findings)} potential secret(s)")
    sys.exit(1 if findings else 0)
