#!/usr/bin/env python3
"""Static prompt-injection scanner. Reports; never acts on the content."""
import argparse
import json
import re
import sys
from pathlib import Path

RULES = [
    ("PI001", "high", re.compile(r"\b(ignore|disregard|forget)\s+(all\s+)?(the\s+)?(previous|prior|above)\s+(instructions|prompts?|rules)\b|\byou\s+are\s+now\b|\bnew\s+system\s+prompt\b", re.I)),
    ("PI002", "high", re.compile(r"<\|im_start\|>\s*system|^#{2,}\s*system\s*:|\[/?INST\]|</s>", re.I | re.M)),
    ("PI003", "high", re.compile("[\U000E0000-\U000E007F]+")),
    ("PI004", "medium", re.compile(r"\w[\u200B\u200C\u200D\u2060\uFEFF]+\w")),
    ("PI005", "medium", re.compile("[\u202A-\u202E\u2066-\u2069]")),
    ("PI006", "medium", re.compile(r"display\s*:\s*none|font-size\s*:\s*0|color\s*:\s*#?fff(fff)?\b.*background\s*:\s*#?fff|<!--[^>]*\b(ignore|send|do not|must)\b", re.I)),
    ("PI007", "medium", re.compile(r"\b(send|post|upload|forward)\b[^.\n]{0,80}\bto\s+https?://|!\[[^\]]*\]\(https?://[^)]*\?[^)]*=", re.I)),
    ("PI008", "low", re.compile(r"\b(do\s+not|don't)\s+(tell|inform|mention\s+(this|it)\s+to)\s+the\s+user\b|\bkeep\s+this\s+(hidden|secret)\b", re.I)),
]
TEXT_EXT = {".md", ".txt", ".html", ".htm", ".json", ".csv", ".yaml", ".yml", ".xml"}


def visible(s):
    out = []
    for ch in s:
        o = ord(ch)
        if 0xE0000 <= o <= 0xE007F:
            out.append(chr(o - 0xE0000) if 0x20 <= o - 0xE0000 < 0x7F else "")
        elif ch in "\u200B\u200C\u200D\u2060\uFEFF\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069":
            out.append(f"<U+{o:04X}>")
        else:
            out.append(ch)
    return "".join(out)


def scan_text(text, name):
    hits = []
    for lineno, line in enumerate(text.splitlines(), 1):
        for rid, sev, rx in RULES:
            for m in rx.finditer(line):
                excerpt = visible(m.group(0)) if rid == "PI003" else visible(line[max(0, m.start() - 20): m.end() + 40])
                hits.append({"file": name, "line": lineno, "rule": rid, "severity": sev, "excerpt": excerpt.strip()[:120]})
    return hits


def iter_files(root):
    p = Path(root)
    if p.is_file():
        yield p
        return
    for f in sorted(p.rglob("*")):
        if f.is_file() and f.suffix.lower() in TEXT_EXT:
            yield f


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--format", choices=["table", "json"], default="table")
    a = ap.parse_args(argv)
    hits = []
    for root in a.paths:
        for f in iter_files(root):
            hits += scan_text(f.read_text(encoding="utf-8", errors="replace"), str(f))
    if a.format == "json":
        json.dump(hits, sys.stdout, indent=2, ensure_ascii=False)
    else:
        print(f"{'file':<40} {'line':>5}  rule   sev     excerpt")
        for h in hits:
            print(f"{h['file']:<40} {h['line']:>5}  {h['rule']}  {h['severity']:<7} {h['excerpt']}")
    return 1 if any(h["severity"] == "high" for h in hits) else 0


if __name__ == "__main__":
    sys.exit(main())
