#!/usr/bin/env python3
"""Static linter for prompt-injection and risky content in prompt/skill files."""
import argparse
import re
import sys
import unicodedata
from pathlib import Path

RULES = [
    ("PI001", re.compile(r"ignore (all |any )?(previous|prior|above) instructions", re.I), "instruction override phrase"),
    ("PI002", re.compile(r"do not (tell|mention|show)[^.\n]{0,40}\buser\b", re.I), "asks the agent to hide actions"),
    ("SH001", re.compile(r"\b(curl|wget)\b[^|\n]*\|\s*(ba|z)?sh\b"), "pipe from network to shell"),
    ("SH002", re.compile(r"\brm\s+-[a-z]*r[a-z]*f?\s+(/|~|\$HOME)(\s|$)"), "recursive delete of root or home"),
    ("SE001", re.compile(r"~/\.(ssh|aws|gnupg|kube)/|\.git-credentials|id_(rsa|ed25519)\b"), "secret file path"),
    ("NET001", re.compile(r"169\.254\.169\.254|metadata\.google\.internal"), "cloud metadata endpoint"),
]


def hidden_chars(line):
    for ch in line:
        cp = ord(ch)
        if 0xE0000 <= cp <= 0xE007F:
            yield "UNI001", f"Unicode tag character U+{cp:05X}"
        elif cp in (0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF):
            yield "UNI002", f"zero-width character U+{cp:04X}"
        elif unicodedata.bidirectional(ch) in ("RLO", "LRO", "RLE", "LRE", "RLI", "LRI", "FSI", "PDI", "PDF"):
            yield "UNI003", f"bidi control U+{cp:04X}"


def lint_text(text):
    for n, line in enumerate(text.splitlines(), 1):
        for rid, rx, msg in RULES:
            if rx.search(line):
                yield n, rid, msg
        seen = set()
        for rid, msg in hidden_chars(line):
            if rid not in seen:
                seen.add(rid)
                yield n, rid, msg


def lint_path(root):
    files = [root] if root.is_file() else [p for p in root.rglob("*") if p.suffix in {".md", ".txt", ".json", ".yaml", ".yml"}]
    found = 0
    for f in files:
        for n, rid, msg in lint_text(f.read_text(encoding="utf-8", errors="replace")):
            print(f"{f}:{n}: {rid} {msg}")
            found += 1
    return found


def self_test():
    here = Path(__file__).resolve().parent.parent / "tests" / "fixtures"
    bad = {rid for _, rid, _ in lint_text((here / "bad_samples.md").read_text(encoding="utf-8"))}
    bad |= {rid for s in GENERATED_SAMPLES for _, rid, _ in lint_text(s)}
    good = list(lint_text((here / "clean_sample.md").read_text(encoding="utf-8")))
    expected = {r[0] for r in RULES} | {"UNI001", "UNI002", "UNI003"}
    missing = expected - bad
    print("missing rules:", sorted(missing) or "none", "| false positives:", len(good))
    return 0 if not missing and not good else 1


# hidden-character samples are generated so the fixture files themselves stay plain ASCII
GENERATED_SAMPLES = [
    "hello" + "".join(chr(0xE0000 + ord(c)) for c in "hi"),
    "pass\u200bword",
    "x = 'abc\u202edef'",
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("path", nargs="?")
    ap.add_argument("--self-test", action="store_true")
    a = ap.parse_args()
    if a.self_test:
        return self_test()
    if not a.path:
        ap.error("path required")
    return 1 if lint_path(Path(a.path)) else 0


if __name__ == "__main__":
    sys.exit(main())
