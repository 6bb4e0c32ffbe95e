#!/usr/bin/env python3
"""Static linter for prompt-injection and hidden-text risks in Markdown/text files."""
import pathlib
import re
import sys

RULES = [
    ("HT001", re.compile("[\U000E0000-\U000E007F]"), "Unicode Tag characters (invisible text)"),
    ("HT002", re.compile(r"\w[\u200b\u200c\u200d\u2060\ufeff]\w"), "zero-width character inside a word"),
    ("HT003", re.compile("[\u202a-\u202e\u2066-\u2069]"), "bidi control character"),
    ("PI001", re.compile(r"(?i)\b(ignore|disregard)\s+(all\s+)?(previous|prior|earlier)\s+(instructions|rules)"), "instruction-override phrase"),
    ("PI002", re.compile(r"(?is)<!--.*?\b(run|execute|assistant|agent)\b.*?-->"), "imperative text inside an HTML comment"),
    ("SC001", re.compile(r"(?i)\b(curl|wget)\b[^\n|]*\|\s*(sudo\s+)?(ba|z)?sh\b"), "download piped into a shell"),
    ("SS001", re.compile(r"169\.254\.169\.254|metadata\.google\.internal|\b2852039166\b"), "cloud metadata address"),
]
TEXT_EXT = {".md", ".txt", ".yaml", ".yml", ".json", ".sh", ".py", ".js", ".ts"}


def lint_file(path):
    text = path.read_text(encoding="utf-8", errors="replace")
    findings = []
    for rule, rx, msg in RULES:
        for m in rx.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            findings.append((line, rule, msg))
    return sorted(findings)


def main(argv):
    root = pathlib.Path(argv[1] if len(argv) > 1 else ".")
    files = [root] if root.is_file() else [p for p in root.rglob("*") if p.suffix in TEXT_EXT]
    total = 0
    for f in files:
        for line, rule, msg in lint_file(f):
            print(f"{f}:{line}: {rule} {msg}")
            total += 1
    print(f"{total} finding(s)")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
