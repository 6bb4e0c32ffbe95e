#!/usr/bin/env python3
"""Flag risky shell patterns. Read-only: never executes its inputs."""
import re
import sys
from pathlib import Path

RULES = [
    ("pipe-to-shell", re.compile(r"\b(curl|wget)\b[^|\n]*\|\s*(sudo\s+)?(ba|z|da)?sh\b"),
     "downloads code and executes it without verification; download, verify a checksum, then run"),
    ("eval-var", re.compile(r"\beval\s+[\"']?\$"), "eval of a variable; use arrays instead"),
    ("rm-unset-var", re.compile(r"\brm\s+-[a-z]*r[a-z]*f?[a-z]*\s+[\"']?\$\{?\w+\}?/"),
     "rm -rf with a variable prefix deletes / if the variable is empty; use ${VAR:?}"),
    ("chmod-777", re.compile(r"\bchmod\s+(-R\s+)?0?777\b"), "world-writable permissions"),
    ("aws-key", re.compile(r"\bAKIA[0-9A-Z]{16}\b"), "looks like an AWS access key id"),
    ("private-key", re.compile(r"-----BEGIN (RSA |EC |OPENSSH )?PRIVATE KEY-----"), "private key in source"),
    ("base64-exec", re.compile(r"base64\s+(-d|--decode)[^|\n]*\|\s*(ba)?sh\b"), "decodes and executes hidden code"),
    ("tls-off", re.compile(r"(curl\s[^\n]*\s-k\b|--insecure|strict-ssl\s+false)"), "TLS verification disabled"),
]


def scan(path):
    findings = []
    for n, line in enumerate(Path(path).read_text(errors="replace").splitlines(), 1):
        if line.lstrip().startswith("#") and "shrisk:check-comments" not in line:
            continue
        for rule, rx, msg in RULES:
            if rx.search(line):
                findings.append((str(path), n, rule, msg))
    return findings


def main(argv):
    total = 0
    for p in argv:
        for f in scan(p):
            print("%s:%d %s %s" % f)
            total += 1
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
