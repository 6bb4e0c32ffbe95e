#!/usr/bin/env python3
"""Flag risky statements in SQL migration files."""
import re
import sys
from pathlib import Path

RULES = [
    (r"\bALTER\s+TABLE\b.*\bADD\s+COLUMN\b.*\bNOT\s+NULL\b(?!.*\bDEFAULT\b)", "error",
     "NOT NULL column without default locks/rewrites the table; add nullable, backfill, then constrain"),
    (r"\bCREATE\s+(UNIQUE\s+)?INDEX\b(?!\s+CONCURRENTLY)", "warn",
     "index without CONCURRENTLY blocks writes on PostgreSQL"),
    (r"\bRENAME\s+COLUMN\b", "warn", "column rename breaks running app versions; use add+dual-write"),
    (r"\bALTER\s+COLUMN\b.*\bTYPE\b", "warn", "type change may rewrite the whole table"),
    (r"\bDROP\s+(TABLE|COLUMN)\b", "warn", "destructive: make sure no deployed code still reads it"),
    (r"\bUPDATE\b(?!.*\bWHERE\b)", "error", "UPDATE without WHERE touches every row"),
    (r"\bDELETE\s+FROM\b(?!.*\bWHERE\b)", "error", "DELETE without WHERE"),
]
NAME_RE = re.compile(r"^\d{14}_[a-z0-9_]+\.sql$")


def lint_file(path):
    text = path.read_text(encoding="utf-8")
    issues = []
    if not NAME_RE.match(path.name):
        issues.append(("warn", 0, "file name should be YYYYMMDDHHMMSS_description.sql"))
    if "-- down" not in text.lower():
        issues.append(("error", 0, "missing '-- down' section"))
    up = re.split(r"(?im)^--\s*down\b", text)[0]
    for lineno, line in enumerate(up.splitlines(), start=1):
        stmt = line.split("--")[0]
        for rx, sev, msg in RULES:
            if re.search(rx, stmt, re.I):
                issues.append((sev, lineno, msg))
    return issues


def main():
    root = Path(sys.argv[1] if len(sys.argv) > 1 else "migrations")
    files = sorted(root.glob("*.sql")) if root.is_dir() else [root]
    errors = 0
    for f in files:
        for sev, line, msg in lint_file(f):
            errors += sev == "error"
            print(f"{f}:{line}: {sev}: {msg}")
    print(f"{len(files)} file(s) checked, {errors} error(s)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
