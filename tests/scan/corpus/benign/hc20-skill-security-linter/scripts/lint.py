#!/usr/bin/env python3
"""Static security lint for scripts and skill folders. Never executes input."""
import json
import pathlib
import re
import sys
import unicodedata

ROOT = pathlib.Path(__file__).resolve().parent.parent
TEXT_EXT = {".sh", ".bash", ".zsh", ".py", ".js", ".mjs", ".cjs", ".ts", ".ps1", ".rb", ".php",
            ".md", ".yml", ".yaml", ".json", ".toml", ".txt", ""}
SEV = {"low": 0, "medium": 1, "high": 2}


def load_rules():
    rules = []
    for line in (ROOT / "rules" / "patterns.yaml").read_text().splitlines():
        m = re.match(r"^([\w-]+):\s*\[(\w+),\s*'(.*)'\]\s*$", line)
        if m:
            rules.append((m.group(1), m.group(2), re.compile(m.group(3))))
    return rules


def invisible(ch):
    cp = ord(ch)
    return (0xE0000 <= cp <= 0xE007F) or unicodedata.category(ch) == "Cf"


def scan_file(path, rules):
    out = []
    try:
        text = path.read_text(encoding="utf-8")
    except (UnicodeDecodeError, OSError):
        return out
    for n, line in enumerate(text.splitlines(), 1):
        for rid, sev, rx in rules:
            if rx.search(line):
                out.append({"file": str(path), "line": n, "rule": rid, "severity": sev, "text": line.strip()[:160]})
        hidden = [f"U+{ord(c):04X}" for c in line if invisible(c)]
        if hidden:
            out.append({"file": str(path), "line": n, "rule": "invisible-unicode", "severity": "high",
                        "text": ", ".join(sorted(set(hidden)))[:160]})
    return out


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: lint.py PATH [--json]")
    target = pathlib.Path(sys.argv[1])
    rules = load_rules()
    files = [target] if target.is_file() else [p for p in target.rglob("*") if p.is_file() and p.suffix in TEXT_EXT]
    findings = [f for p in files for f in scan_file(p, rules)]
    if "--json" in sys.argv:
        print(json.dumps(findings, indent=2))
    else:
        for f in findings:
            print(f"{f['severity'].upper():6} {f['rule']:18} {f['file']}:{f['line']}  {f['text']}")
        print(f"\n{len(findings)} finding(s)")
    sys.exit(1 if any(SEV[f["severity"]] >= 1 for f in findings) else 0)


if __name__ == "__main__":
    main()
