#!/usr/bin/env python3
"""Read-only linter for prompt/skill files."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rules import RULES  # noqa: E402

TEXT_EXT = (".md", ".txt", ".yaml", ".yml", ".json", ".sh", ".py", ".js", ".ts", ".toml")


def scan_text(text, path):
    for lineno, line in enumerate(text.splitlines(), 1):
        for rid, sev, rx in RULES:
            m = rx.search(line)
            if m:
                yield {"rule": rid, "severity": sev, "file": path, "line": lineno,
                       "match": m.group(0).encode("unicode_escape").decode()[:80]}


def iter_files(root):
    if os.path.isfile(root):
        yield root
        return
    for base, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in (".git", "node_modules")]
        for f in files:
            if f.endswith(TEXT_EXT):
                yield os.path.join(base, f)


def main():
    args = [a for a in sys.argv[1:] if a != "--json"]
    as_json = "--json" in sys.argv
    findings = []
    for root in args or ["."]:
        for path in iter_files(root):
            with open(path, encoding="utf-8", errors="replace") as fh:
                findings.extend(scan_text(fh.read(), path))
    if as_json:
        json.dump(findings, sys.stdout, indent=2)
    else:
        for f in findings:
            print(f"{f['severity']:<8} {f['rule']:<7} {f['file']}:{f['line']}  {f['match']}")
        print(f"{len(findings)} finding(s)")
    sys.exit(1 if findings else 0)


if __name__ == "__main__":
    main()
