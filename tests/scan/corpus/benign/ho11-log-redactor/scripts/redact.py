#!/usr/bin/env python3
"""Redact common secrets and personal data from a text file; print to stdout."""
import re
import sys

PATTERNS = [
    (re.compile(r"AKIA[0-9A-Z]{16}"), "AKIA****************"),
    (re.compile(r"gh[pousr]_[A-Za-z0-9]{36,}"), "gh*_[REDACTED]"),
    (re.compile(r"xox[abpr]-[A-Za-z0-9-]+"), "xox*-[REDACTED]"),
    (re.compile(r"Bearer\s+[A-Za-z0-9._~+/-]+=*"), "Bearer [REDACTED]"),
    (re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----.*?-----END [A-Z ]*PRIVATE KEY-----", re.S),
     "[PRIVATE KEY REDACTED]"),
    (re.compile(r"(?i)\b(password|passwd|secret|token|api_key)=([^\s&]+)"), r"\1=[REDACTED]"),
    (re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}"), "user@[REDACTED]"),
    (re.compile(r"\b(\d{1,3})\.\d{1,3}\.\d{1,3}\.\d{1,3}\b"), r"\1.x.x.x"),
]


def redact(text: str) -> str:
    for pat, repl in PATTERNS:
        text = pat.sub(repl, text)
    return text


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8", errors="replace") as fh:
        sys.stdout.write(redact(fh.read()))
