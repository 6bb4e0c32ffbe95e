#!/usr/bin/env python3
"""Group conventional-commit subjects (read from stdin) into changelog sections."""
import re
import sys
from collections import defaultdict

SECTIONS = {
    "feat": "Added",
    "fix": "Fixed",
    "perf": "Changed",
    "refactor": "Changed",
    "deprecate": "Deprecated",
    "revert": "Removed",
    "security": "Security",
}
PATTERN = re.compile(r"^(?:[0-9a-f]{7,40}\s+)?(\w+)(\([^)]*\))?(!)?:\s*(.+)$")


def main() -> None:
    groups = defaultdict(list)
    breaking = []
    for line in sys.stdin:
        m = PATTERN.match(line.strip())
        if not m:
            continue
        kind, _scope, bang, subject = m.groups()
        section = SECTIONS.get(kind)
        if bang:
            breaking.append(subject)
        if section:
            groups[section].append(subject)
    if breaking:
        print("**Breaking**")
        for s in breaking:
            print(f"- {s}")
        print()
    for section in ["Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"]:
        if groups[section]:
            print(f"### {section}")
            for s in groups[section]:
                print(f"- {s}")
            print()


if __name__ == "__main__":
    main()
