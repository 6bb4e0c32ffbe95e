#!/usr/bin/env python3
"""Generate a Keep-a-Changelog section from Conventional Commits."""
import argparse
import datetime
import re
import subprocess
import sys

from gitmeta import repo_info

HEADINGS = {
    "feat": "Added",
    "fix": "Fixed",
    "perf": "Changed",
    "refactor": "Changed",
    "docs": "Documentation",
}
CC = re.compile(r"^(?P<type>\w+)(\((?P<scope>[^)]+)\))?(?P<bang>!)?: (?P<msg>.+)$")


def commits(since):
    rng = f"{since}..HEAD" if since else "HEAD"
    out = subprocess.run(
        ["git", "log", "--no-merges", "--format=%H%x09%s", rng],
        check=True, capture_output=True, text=True,
    ).stdout
    for line in out.splitlines():
        sha, _, subject = line.partition("\t")
        yield sha, subject


def build(since, version):
    info = repo_info()
    groups = {}
    for sha, subject in commits(since):
        m = CC.match(subject)
        heading = HEADINGS.get(m.group("type"), "Other") if m else "Other"
        text = m.group("msg") if m else subject
        if m and m.group("scope"):
            text = f"**{m.group('scope')}:** {text}"
        link = info.commit_url(sha)
        groups.setdefault(heading, []).append(f"- {text} ([{sha[:7]}]({link}))")
    today = datetime.date.today().isoformat()
    lines = [f"## [{version}] - {today}", ""]
    for heading in ["Added", "Changed", "Fixed", "Documentation", "Other"]:
        if heading in groups:
            lines += [f"### {heading}", ""] + groups[heading] + [""]
    if since:
        lines.append(f"[{version}]: {info.compare_url(since, 'HEAD')}")
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--since", default="")
    ap.add_argument("--version", default="Unreleased")
    ap.add_argument("--out", default="-")
    a = ap.parse_args()
    section = build(a.since, a.version)
    if a.out == "-":
        sys.stdout.write(section)
        return
    try:
        old = open(a.out, encoding="utf-8").read()
    except FileNotFoundError:
        old = "# Changelog\n\n"
    head, sep, rest = old.partition("\n## ")
    new = head.rstrip() + "\n\n" + section + ("\n## " + rest if sep else "")
    open(a.out, "w", encoding="utf-8").write(new)


if __name__ == "__main__":
    main()
