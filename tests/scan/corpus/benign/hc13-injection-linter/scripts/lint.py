#!/usr/bin/env python3
"""Rule-based prompt-injection linter (read-only)."""
import json
import re
import sys
import unicodedata
from pathlib import Path

RULES = [
    ("override-instructions", re.compile(r"\b(ignore|disregard|forget)\b.{0,30}\b(previous|prior|above|earlier)\b.{0,20}\b(instructions|rules|prompt)", re.I)),
    ("role-hijack", re.compile(r"\byou are now\b|\bnew system prompt\b|\bdeveloper mode\b", re.I)),
    ("pipe-to-shell", re.compile(r"\b(curl|wget)\b[^|\n]*\|\s*(ba|z)?sh\b")),
    ("secret-path", re.compile(r"~/\.(ssh|aws|kube|docker)/|\.env\b|id_rsa|credentials\b")),
    ("exfil-verb", re.compile(r"\b(send|upload|post|exfiltrate)\b.{0,40}\b(key|token|secret|password|credential)s?\b", re.I)),
    ("conceal", re.compile(r"\b(do not|don't|never)\s+(tell|mention|inform|show)\b.{0,20}\buser\b", re.I)),
    ("untrusted-concat", re.compile(r"(system_prompt|SYSTEM_PROMPT)\s*\+\s*\w*(input|request|user)", re.I)),
]


def invisible(line):
    for ch in line:
        cp = ord(ch)
        if 0xE0000 <= cp <= 0xE007F or unicodedata.category(ch) == "Cf" and ch not in "\u200d":
            return f"U+{cp:04X}"
    return None


def lint_file(p: Path):
    out = []
    try:
        text = p.read_text(encoding="utf-8")
    except (UnicodeDecodeError, OSError):
        return out
    for n, line in enumerate(text.splitlines(), 1):
        for rule, rx in RULES:
            if rx.search(line):
                out.append({"rule": rule, "file": str(p), "line": n})
        cp = invisible(line)
        if cp:
            out.append({"rule": "invisible-char", "file": str(p), "line": n, "char": cp})
    return out


def iter_files(args):
    for a in args:
        p = Path(a)
        if p.is_dir():
            yield from (f for f in p.rglob("*") if f.is_file() and f.suffix in {".md", ".txt", ".json", ".yaml", ".yml", ".prompt", ".j2"})
        elif p.is_file():
            yield p


def main(argv):
    as_json = "--json" in argv
    paths = [a for a in argv if a != "--json"] or ["."]
    findings = [f for p in iter_files(paths) for f in lint_file(p)]
    if as_json:
        print(json.dumps(findings, indent=2))
    else:
        for f in findings:
            print(f"{f['file']}:{f['line']}: {f['rule']}" + (f" ({f['char']})" if "char" in f else ""))
        print(f"{len(findings)} finding(s)")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
