#!/usr/bin/env python3
"""Offline secret scan of staged changes or the working tree. Prints masked findings only."""
import math
import re
import subprocess
import sys
from collections import Counter

PATTERNS = {
    "aws-access-key-id": r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b",
    "github-token": r"\b(?:gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{82})\b",
    "slack-token": r"\bxox[baprs]-[A-Za-z0-9-]{10,}\b",
    "stripe-live-secret": r"\b(?:sk|rk)_live_[A-Za-z0-9]{20,}\b",
    "google-api-key": r"\bAIza[0-9A-Za-z_\-]{35}\b",
    "private-key-block": r"-----BEGIN (?:RSA |EC |OPENSSH |DSA )?PRIVATE KEY-----",
    "jwt": r"\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\b",
    "url-credentials": r"\b[a-z+]+://[^\s:/@]+:[^\s@/]+@[^\s/]+",
}
GENERIC = re.compile(r"(?i)\b\w*(secret|token|password|passwd|api_?key)\w*\s*[:=]\s*['\"]?([A-Za-z0-9/+_\-]{20,})")
ALLOW = {"AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"}
RX = {k: re.compile(v) for k, v in PATTERNS.items()}


def entropy(s: str) -> float:
    c = Counter(s); n = len(s)
    return -sum(v / n * math.log2(v / n) for v in c.values())


def mask(s: str) -> str:
    return s[:4] + "…"


def staged_lines():
    diff = subprocess.run(["git", "diff", "--cached", "-U0", "--no-color"], capture_output=True, text=True).stdout
    f, n = None, 0
    for line in diff.splitlines():
        if line.startswith("+++ b/"):
            f = line[6:]
        elif line.startswith("@@"):
            n = int(re.search(r"\+(\d+)", line).group(1)) - 1
        elif line.startswith("+") and not line.startswith("+++"):
            n += 1
            yield f, n, line[1:]


def tree_lines():
    files = subprocess.run(["git", "ls-files"], capture_output=True, text=True).stdout.split()
    for f in files:
        try:
            with open(f, encoding="utf-8") as fh:
                for n, line in enumerate(fh, 1):
                    yield f, n, line.rstrip("\n")
        except (UnicodeDecodeError, OSError):
            continue


def main() -> int:
    src = tree_lines() if "--all" in sys.argv else staged_lines()
    found = 0
    for f, n, line in src:
        if f is None or f.endswith(".example") or "/fixtures/fake-" in f:
            continue
        for name, rx in RX.items():
            for m in rx.finditer(line):
                if m.group() in ALLOW:
                    continue
                found += 1
                print(f"{f}:{n:<6} {name:<22} {mask(m.group())}")
        for m in GENERIC.finditer(line):
            v = m.group(2)
            if v not in ALLOW and entropy(v) > 3.5:
                found += 1
                print(f"{f}:{n:<6} {'generic-secret':<22} {mask(v)}  (entropy {entropy(v):.1f})")
    if found:
        print(f"\n{found} possible secret(s). Nothing was sent anywhere.", file=sys.stderr)
        return 1
    print("no secrets found")
    return 0


if __name__ == "__main__":
    sys.exit(main())
