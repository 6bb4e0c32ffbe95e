#!/usr/bin/env python3
"""Security lint rules for shell scripts and Dockerfiles (static, text-only)."""
import os
import re
import sys

RULES = [
    ("SL001", re.compile(r"\b(curl|wget)\b[^|#\n]*\|\s*(sudo\s+)?(ba|z|da)?sh\b"), "pipe to shell: download, verify checksum, then run"),
    ("SL002", re.compile(r"\brm\s+-[a-z]*r[a-z]*f?[a-z]*\s+\"?\$\{?(\w+)\}?/"), "use \"${VAR:?}\" so an empty variable aborts"),
    ("SL003", re.compile(r"\bchmod\s+(-R\s+)?(0?777|a\+w)\b"), "grant the minimum permissions needed"),
    ("SL004", re.compile(r"\beval\s+\"?\$"), "avoid eval on variable content"),
    ("SL005", re.compile(r"\bAKIA[0-9A-Z]{16}\b"), "move the key to a secret store and rotate it"),
    ("SL006", re.compile(r"^\s*sudo\s", re.M), "document why root is needed or drop sudo"),
]


def lint_text(text):
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("#") and "shlint: ignore" in line:
            continue
        for rid, rx, fix in RULES:
            if rx.search(line):
                out.append((n, rid, line.strip(), fix))
    return out


def targets(paths):
    for p in paths:
        if os.path.isdir(p):
            for root, _, files in os.walk(p):
                for f in files:
                    if f.endswith((".sh", ".bash")) or f.startswith("Dockerfile"):
                        yield os.path.join(root, f)
        else:
            yield p


def main(argv):
    total = 0
    for path in targets(argv):
        with open(path, encoding="utf-8", errors="replace") as fh:
            for n, rid, snippet, fix in lint_text(fh.read()):
                total += 1
                print(f"{path}:{n}: {rid} {snippet}\n    fix: {fix}")
    print(f"{total} finding(s)")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or ["."]))
