#!/usr/bin/env python3
"""Read-only linter for risky patterns in shell/CI/Dockerfiles."""
import json
import os
import re
import sys
from pathlib import Path

RULES = [
    ("HIGH", "pipe-to-shell", re.compile(r"\b(curl|wget)\b[^|\n]*\|\s*(sudo\s+)?(ba|z)?sh\b"),
     "download to a file, verify a checksum/signature, then run it"),
    ("HIGH", "rm-unset-var", re.compile(r"\brm\s+-[a-zA-Z]*r[a-zA-Z]*f?\s+[\"']?\$\{?\w+\}?/"),
     "use ${VAR:?} so an empty variable aborts instead of deleting /"),
    ("HIGH", "aws-key", re.compile(r"\bAKIA[0-9A-Z]{16}\b"), "move the key to a secret store and rotate it"),
    ("HIGH", "github-token", re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36}\b"), "use the CI secret store"),
    ("MED", "metadata-endpoint", re.compile(r"169\.254\.169\.254|metadata\.google\.internal"),
     "only application code running on the instance should query instance metadata"),
    ("MED", "chmod-777", re.compile(r"\bchmod\s+(-R\s+)?0?777\b"), "grant the narrowest permissions needed"),
    ("MED", "pr-target-checkout", re.compile(r"pull_request_target"),
     "do not check out or build PR code in pull_request_target workflows"),
    ("LOW", "sudo", re.compile(r"^\s*sudo\b"), "document why root is needed"),
]
EXTS = {".sh", ".bash", ".zsh", ".yml", ".yaml", ".ps1"}
NAMES = {"Dockerfile", "Makefile"}


def files(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in {".git", "node_modules", ".venv"}]
        for f in filenames:
            p = Path(dirpath) / f
            if p.suffix in EXTS or p.name in NAMES or p.name.startswith("Dockerfile"):
                yield p


def scan(path):
    out = []
    try:
        lines = path.read_text(errors="ignore").splitlines()
    except OSError:
        return out
    for n, line in enumerate(lines, 1):
        for sev, rid, rx, fix in RULES:
            if rx.search(line):
                out.append({"file": str(path), "line": n, "severity": sev, "rule": rid, "fix": fix})
    return out


def selftest():
    fx = Path(__file__).resolve().parent.parent / "tests" / "fixtures"
    expected = json.loads((fx / "expected.json").read_text())
    ok = True
    for name, rules in expected.items():
        got = sorted({f["rule"] for f in scan(fx / name)})
        if got != sorted(rules):
            ok = False
            print(f"FAIL {name}: expected {sorted(rules)}, got {got}")
    print("selftest passed" if ok else "selftest FAILED")
    return 0 if ok else 1


def main(argv):
    if "--selftest" in argv:
        return selftest()
    fmt = "json" if "--format" in argv and argv[argv.index("--format") + 1] == "json" else "text"
    targets = [a for a in argv if not a.startswith("--") and a != "json"] or ["."]
    findings = [f for t in targets for p in files(t) for f in scan(p)]
    if fmt == "json":
        print(json.dumps(findings, indent=2))
    else:
        for f in findings:
            print(f"{f['severity']:4} {f['file']}:{f['line']} {f['rule']} - {f['fix']}")
    return 1 if any(f["severity"] == "HIGH" for f in findings) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
