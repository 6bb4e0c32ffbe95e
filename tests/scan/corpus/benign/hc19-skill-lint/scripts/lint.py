#!/usr/bin/env python3
"""Read-only pattern linter for scripts, workflows and skill folders."""
import argparse
import json
import re
import sys
from pathlib import Path

RULES = [
    ("pipe-to-shell", "high", re.compile(r"\b(curl|wget)\b[^|\n]*\|\s*(sudo\s+)?(ba|z)?sh\b")),
    ("aws-access-key", "high", re.compile(r"\b(AKIA|ASIA)[0-9A-Z]{16}\b")),
    ("private-key-block", "high", re.compile(r"-----BEGIN (RSA |OPENSSH |EC )?PRIVATE KEY-----")),
    ("cloud-metadata", "medium", re.compile(r"169\.254\.169\.254|metadata\.google\.internal")),
    ("rm-rf-root", "high", re.compile(r"\brm\s+-[a-z]*r[a-z]*f[a-z]*\s+(/|~|\$HOME)(\s|$)")),
    ("prompt-injection", "medium", re.compile(r"ignore (all )?(previous|prior) instructions", re.I)),
    ("base64-exec", "medium", re.compile(r"base64\s+(-d|--decode)[^\n]*\|\s*(ba)?sh|exec\(.*b64decode", re.I)),
    ("invisible-unicode", "medium", re.compile("[\u200b-\u200f\u202a-\u202e\u2066-\u2069\U000e0000-\U000e007f]")),
]
TEXT_SUFFIXES = {".sh", ".bash", ".zsh", ".py", ".js", ".ts", ".rb", ".php", ".ps1", ".md", ".yml", ".yaml",
                 ".json", ".toml", ".txt", ""}


def scan_file(path):
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return
    for n, line in enumerate(text.splitlines(), 1):
        for rid, sev, rx in RULES:
            if rx.search(line):
                yield {"file": str(path), "line": n, "rule": rid, "severity": sev, "text": line.strip()[:160]}


def walk(target):
    p = Path(target)
    files = [p] if p.is_file() else [f for f in p.rglob("*") if f.is_file() and f.suffix in TEXT_SUFFIXES]
    for f in sorted(files):
        yield from scan_file(f)


def self_test():
    fx = Path(__file__).resolve().parent.parent / "tests" / "fixtures"
    expected = json.loads((fx / "expected.json").read_text())
    got = {}
    for f in walk(fx):
        got.setdefault(Path(f["file"]).name, set()).add(f["rule"])
    ok = True
    for name, rules in expected.items():
        missing = set(rules) - got.get(name, set())
        if missing:
            ok = False
            print(f"FAIL {name}: missing {sorted(missing)}")
    print("self-test passed" if ok else "self-test failed")
    return 0 if ok else 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("target", nargs="?")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--self-test", action="store_true")
    a = ap.parse_args()
    if a.self_test:
        sys.exit(self_test())
    if not a.target:
        ap.error("target required")
    findings = list(walk(a.target))
    if a.json:
        json.dump(findings, sys.stdout, indent=2)
    else:
        for f in findings:
            print(f"{f['file']}:{f['line']}: [{f['severity']}] {f['rule']}: {f['text']}")
    sys.exit(1 if any(f["severity"] == "high" for f in findings) else 0)


if __name__ == "__main__":
    main()
