#!/usr/bin/env python3
"""Validate a commit message file against Conventional Commits rules."""
import re
import sys

TYPES = "feat|fix|perf|refactor|docs|test|build|ci|chore|style|revert"
HEADER = re.compile(rf"^({TYPES})(\([a-z0-9._/-]+\))?(!)?: (?P<subject>.+)$")


def check(text):
    lines = [l for l in text.splitlines() if not l.startswith("#")]
    errors = []
    if not lines or not lines[0].strip():
        return ["empty commit message"]
    m = HEADER.match(lines[0])
    if not m:
        errors.append(f"header must look like 'type(scope): subject' with type in {TYPES}")
    else:
        subj = m.group("subject")
        if len(lines[0]) > 72:
            errors.append(f"header is {len(lines[0])} chars (max 72)")
        if subj.endswith("."):
            errors.append("subject must not end with a period")
        if re.match(r"^(added|fixed|changed|updated|removed)\b", subj, re.I):
            errors.append("use the imperative mood ('add', not 'added')")
    if len(lines) > 1 and lines[1].strip():
        errors.append("second line must be blank")
    for i, l in enumerate(lines[2:], start=3):
        if len(l) > 72 and not l.startswith(("http", "BREAKING CHANGE")):
            errors.append(f"line {i} longer than 72 chars")
    return errors


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else ".git/COMMIT_EDITMSG"
    errs = check(open(path, encoding="utf-8").read())
    for e in errs:
        print(f"✗ {e}")
    if not errs:
        print("✓ commit message ok")
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main())
