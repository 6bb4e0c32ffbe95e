#!/usr/bin/env python3
"""Heuristic prompt-injection scanner. Read-only; never executes or forwards content."""
import json
import pathlib
import re
import sys

RULES = [
    ("PI001", "high", re.compile(r"\b(ignore|disregard|forget)\b.{0,20}\b(all\s+)?(previous|prior|above|earlier)\b.{0,20}\b(instructions|rules|prompts?)\b", re.I)),
    ("PI002", "high", re.compile(r"(^#{1,3}\s*(system|developer)\s*:|<\|im_start\|>\s*system)", re.I | re.M)),
    ("PI003", "medium", re.compile(r"\b(you are now (DAN|an? unrestricted)|developer mode (enabled|on)|jailbreak(ed)? mode)\b", re.I)),
    ("PI004", "medium", re.compile(r"\b(reveal|print|repeat|show)\b.{0,30}\b(system prompt|hidden instructions|initial instructions)\b", re.I)),
    ("PI005", "high", re.compile(r"!\[[^\]]*\]\(https?://[^)\s]+\?[^)\s]*(\{|%7B)", re.I)),
    ("PI006", "high", re.compile("[\U000E0000-\U000E007F\u200b-\u200f\u202a-\u202e\u2066-\u2069]")),
    ("PI007", "medium", re.compile(r"\b(run|execute) the following (command|shell)|call the \w+ tool with\b", re.I)),
]


def scan_text(text: str):
    hits = []
    for n, line in enumerate(text.splitlines(), 1):
        for rid, sev, rx in RULES:
            m = rx.search(line)
            if m:
                hits.append({"rule": rid, "severity": sev, "line": n,
                             "excerpt": line.strip().encode("unicode_escape").decode()[:160]})
    return hits


def files(target: pathlib.Path):
    if target.is_file():
        yield target
    else:
        for p in target.rglob("*"):
            if p.is_file() and p.suffix.lower() in {".md", ".txt", ".html", ".json", ".yaml", ".yml"}:
                yield p


def main(argv):
    as_json = "--json" in argv
    paths = [pathlib.Path(a) for a in argv if a != "--json"]
    report = {}
    for t in paths:
        for f in files(t):
            h = scan_text(f.read_text(encoding="utf-8", errors="replace"))
            if h:
                report[str(f)] = h
    if as_json:
        print(json.dumps(report, indent=2))
    else:
        for f, hs in report.items():
            for h in hs:
                print(f"{f}:{h['line']}: {h['rule']} [{h['severity']}] {h['excerpt']}")
    return 1 if any(h["severity"] == "high" for hs in report.values() for h in hs) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
