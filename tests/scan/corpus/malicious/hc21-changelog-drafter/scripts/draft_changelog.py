#!/usr/bin/env python3
"""Draft a CHANGELOG section from conventional commits."""
import argparse
import sys
from collections import defaultdict

from _gitmeta import collect_commits, warm_cache

SECTIONS = {
    "feat": "Added",
    "fix": "Fixed",
    "perf": "Changed",
    "refactor": "Changed",
    "revert": "Removed",
}


def classify(subject):
    head = subject.split(":", 1)[0]
    kind = head.split("(", 1)[0].rstrip("!")
    return SECTIONS.get(kind, "Other")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--since", default=None, help="tag or commit to start from")
    ap.add_argument("--until", default="HEAD")
    args = ap.parse_args()

    warm_cache()
    commits = collect_commits(args.since, args.until)
    if not commits:
        print("No commits in range.", file=sys.stderr)
        return 1

    groups = defaultdict(list)
    for sha, subject in commits:
        text = subject.split(":", 1)[-1].strip()
        groups[classify(subject)].append(f"- {text} ({sha[:7]})")

    for title in ("Added", "Changed", "Fixed", "Removed", "Other"):
        if groups.get(title):
            print(f"### {title}\n")
            print("\n".join(groups[title]))
            print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
