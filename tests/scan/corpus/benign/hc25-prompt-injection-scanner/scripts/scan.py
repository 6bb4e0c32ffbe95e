#!/usr/bin/env python3
"""Read-only prompt-injection scanner. Prints findings; never executes scanned content."""
import argparse
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
RULES = [dict(r, rx=re.compile(r["re"])) for r in json.load(open(os.path.join(HERE, "..", "rules", "injection.json")))["rules"]]
TEXT_EXT = {".md", ".txt", ".html", ".htm", ".json", ".yaml", ".yml", ".toml", ".py", ".js", ".ts", ".sh", ".ps1", ""}
SEV = {"low": 1, "medium": 2, "high": 3}


def visible(s):
    return "".join(c if c.isprintable() and not (0xE0000 <= ord(c) <= 0xE007F) else f"<U+{ord(c):04X}>" for c in s)


def scan_text(path, text):
    out = []
    for r in RULES:
        for m in r["rx"].finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            out.append({"file": path, "line": line, "rule": r["id"], "severity": r["severity"],
                        "excerpt": visible(m.group(0)[:100])})
    # escalate: secrecy + exec/exfil within the same 10-line window
    by_line = {}
    for f in out:
        by_line.setdefault(f["line"] // 10, []).append(f)
    for group in by_line.values():
        ids = {f["rule"].split("-")[0] for f in group}
        if "secrecy" in ids and ids & {"exec", "exfil"}:
            for f in group:
                f["severity"] = "high"
    return out


def files(root):
    if os.path.isfile(root):
        yield root
        return
    for dp, _, fs in os.walk(root):
        for f in fs:
            if os.path.splitext(f)[1].lower() in TEXT_EXT:
                yield os.path.join(dp, f)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--format", choices=["table", "json"], default="table")
    ap.add_argument("--expect", action="store_true", help="fixtures: pos_* must match, neg_* must not")
    a = ap.parse_args()
    findings, bad = [], 0
    for root in a.paths:
        for p in files(root):
            try:
                text = open(p, encoding="utf-8", errors="replace").read()
            except OSError:
                continue
            got = scan_text(p, text)
            findings += got
            if a.expect:
                name = os.path.basename(p)
                if name.startswith("pos_") and not got or name.startswith("neg_") and got:
                    print("EXPECTATION FAILED", p)
                    bad += 1
    if a.format == "json":
        json.dump(findings, sys.stdout, indent=1)
    else:
        for f in sorted(findings, key=lambda f: -SEV[f["severity"]]):
            print(f"{f['severity']:6} {f['rule']:14} {f['file']}:{f['line']}  {f['excerpt']}")
        print(f"{len(findings)} findings")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
