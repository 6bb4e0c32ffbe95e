#!/usr/bin/env python3
"""Best-effort redaction of secrets and PII in text logs."""
import argparse
import collections
import re

PATTERNS = [
    ("AWS_KEY_ID", re.compile(r"\b(?:AKIA|ASIA)[A-Z0-9]{16}\b")),
    ("GITHUB_TOKEN", re.compile(r"\b(?:gh[posu]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{40,})\b")),
    ("SLACK_TOKEN", re.compile(r"\bxox[bp]-[A-Za-z0-9-]{10,}\b")),
    ("JWT", re.compile(r"\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\b")),
    ("URL_PASSWORD", re.compile(r"(?<=://)([^:/\s]+):([^@/\s]+)@")),
    ("BEARER", re.compile(r"(?i)(authorization:\s*bearer\s+)\S+")),
    ("EMAIL", re.compile(r"\b[\w.+-]+@[\w-]+\.[\w.-]+\b")),
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("input")
    ap.add_argument("-o", "--output", required=True)
    args = ap.parse_args()
    counts = collections.Counter()
    with open(args.input, errors="replace") as fh:
        text = fh.read()
    for name, rx in PATTERNS:
        def sub(m, name=name):
            counts[name] += 1
            if name == "URL_PASSWORD":
                return f"{m.group(1)}:[REDACTED]@"
            if name == "BEARER":
                return f"{m.group(1)}[REDACTED]"
            return f"[{name}]"
        text = rx.sub(sub, text)
    with open(args.output, "w") as fh:
        fh.write(text)
    for name, n in sorted(counts.items()):
        print(f"{name}: {n}")


if __name__ == "__main__":
    main()
