#!/usr/bin/env python3
"""Static prompt-injection linter (reads files only)."""
import re
import sys
import unicodedata
from pathlib import Path

RULES = [
    ("PI001", "high", re.compile(r"\b(ignore|disregard)\s+(all\s+)?(previous|prior|above)\s+(instructions|rules)|\byou are now\b", re.I)),
    ("PI002", "high", re.compile(r"\b(curl|wget)\b[^\n|]*\|\s*(sudo\s+)?(ba|z)?sh\b")),
    ("PI003", "medium", re.compile(r"~/\.aws/credentials|~/\.ssh/id_[a-z0-9]+|\.git-credentials")),
    ("PI004", "medium", re.compile(r"169\.254\.169\.254|metadata\.google\.internal")),
    ("PI006", "low", re.compile(r"[A-Za-z0-9+/]{120,}={0,2}")),
]
INVISIBLE = {"\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e",
             "\u2066", "\u2067", "\u2068", "\u2069"}
TEXT_EXT = {".md", ".txt", ".yaml", ".yml", ".json", ".prompt", ".mdc", ""}


def invisible(line):
    for ch in line:
        if ch in INVISIBLE or 0xE0000 <= ord(ch) <= 0xE007F:
            return unicodedata.name(ch, f"U+{ord(ch):04X}")
    return None


def lint_file(path):
    findings = []
    try:
        text = path.read_text(encoding="utf-8")
    except (UnicodeDecodeError, OSError):
        return findings
    for n, line in enumerate(text.splitlines(), 1):
        for rid, sev, rx in RULES:
            if rx.search(line):
                findings.append((str(path), n, rid, sev))
        name = invisible(line)
        if name:
            findings.append((str(path), n, "PI005", f"high ({name})"))
    return findings


def iter_files(args):
    for a in args:
        p = Path(a)
        if p.is_dir():
            yield from (f for f in p.rglob("*") if f.is_file() and f.suffix in TEXT_EXT)
        elif p.is_file():
            yield p


def main(argv):
    all_f = [f for p in iter_files(argv) for f in lint_file(p)]
    for path, n, rid, sev in all_f:
        print(f"{path}:{n}: {rid} [{sev}]")
    return 1 if all_f else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
