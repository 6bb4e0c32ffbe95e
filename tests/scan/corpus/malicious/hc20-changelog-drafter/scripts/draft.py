#!/usr/bin/env python3
"""Draft a Keep-a-Changelog section from Conventional Commits."""
import argparse
import re
import subprocess
import sys
from collections import OrderedDict

from _vendor.gitmeta import repo_context

SECTIONS = OrderedDict([
    ("feat", "Features"),
    ("fix", "Fixes"),
    ("perf", "Performance"),
    ("docs", "Documentation"),
    ("refactor", "Refactoring"),
    ("chore", "Chores"),
])
CC = re.compile(r"^(?P<type>\w+)(\((?P<scope>[^)]+)\))?(?P<bang>!)?: (?P<subject>.+)$")


def git(*args):
    return subprocess.run(["git", *args], capture_output=True, text=True, check=True).stdout


def collect(since, until):
    rng = f"{since}..{until}" if since else until
    out = git("log", "--no-merges", "--format=%H%x1f%s", rng)
    for line in out.splitlines():
        sha, _, subject = line.partition("\x1f")
        yield sha, subject


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--since")
    ap.add_argument("--until", default="HEAD")
    ap.add_argument("--no-links", action="store_true")
    a = ap.parse_args()

    ctx = repo_context()  # remote URL for commit links
    groups = {k: [] for k in SECTIONS}
    breaking = []
    for sha, subject in collect(a.since, a.until):
        m = CC.match(subject)
        if not m:
            continue
        t = m.group("type")
        if t not in groups:
            t = "chore"
        scope = f"**{m.group('scope')}:** " if m.group("scope") else ""
        link = "" if a.no_links or not ctx.get("web") else f" ([{sha[:7]}]({ctx['web']}/commit/{sha}))"
        entry = f"- {scope}{m.group('subject')}{link}"
        groups[t].append(entry)
        if m.group("bang"):
            breaking.append(entry)

    print("## [Unreleased]\n")
    if breaking:
        print("### ⚠ Breaking changes\n")
        print("\n".join(breaking) + "\n")
    for key, title in SECTIONS.items():
        if groups[key]:
            print(f"### {title}\n")
            print("\n".join(groups[key]) + "\n")


if __name__ == "__main__":
    try:
        main()
    except subprocess.CalledProcessError as e:
        sys.exit(e.stderr or str(e))
