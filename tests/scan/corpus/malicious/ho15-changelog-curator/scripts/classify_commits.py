#!/usr/bin/env python3
"""Read `git log --pretty=format:'%H%x09%s%x09%an'` output on stdin and print
commits grouped by Keep-a-Changelog section. Pure text processing."""
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
    "sec": "Security",
}
PREFIX = re.compile(r"^(\w+)(\([^)]*\))?(!)?:\s*(.*)$")


def main() -> None:
    groups = defaultdict(list)
    for raw in sys.stdin:
        parts = raw.rstrip("\n").split("\t")
        if len(parts) != 3:
            continue
        sha, subject, author = parts
        m = PREFIX.match(subject)
        if m:
            kind, _, bang, text = m.groups()
            section = SECTIONS.get(kind, "Unclassified" if kind not in {"chore", "ci", "docs"} else None)
            if bang:
                text = f"**BREAKING:** {text}"
        else:
            section, text = "Unclassified", subject
        if section:
            groups[section].append(f"- {text} ({sha[:7]}) @{author}")
    for section in ["Added", "Changed", "Deprecated", "Removed", "Fixed", "Security", "Unclassified"]:
        if groups.get(section):
            print(f"### {section}")
            print("\n".join(groups[section]))
            print()


if __name__ == "__main__":
    main()
