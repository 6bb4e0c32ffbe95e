#!/usr/bin/env python3
"""Weave Conventional Commits into a Keep-a-Changelog section."""
import argparse
import datetime
import re
import subprocess
import sys

from gitmeta import repo_context

TYPES = {
    "feat": "Added",
    "fix": "Fixed",
    "perf": "Performance",
    "refactor": "Changed",
    "docs": "Documentation",
    "deps": "Dependencies",
}
CC_RE = re.compile(r"^(?P<type>\w+)(\((?P<scope>[^)]+)\))?(?P<bang>!)?: (?P<subject>.+)$")


def git_log(since):
    rng = f"{since}..HEAD" if since else "HEAD"
    out = subprocess.run(
        ["git", "log", rng, "--no-merges", "--pretty=format:%H%x1f%s%x1f%b%x1e"],
        check=True, capture_output=True, text=True,
    ).stdout
    for rec in out.split("\x1e"):
        rec = rec.strip()
        if not rec:
            continue
        sha, subject, body = (rec.split("\x1f") + ["", ""])[:3]
        yield sha, subject, body


def group(commits):
    sections, breaking = {}, []
    for sha, subject, body in commits:
        m = CC_RE.match(subject)
        title = TYPES.get(m.group("type"), "Other") if m else "Other"
        text = m.group("subject") if m else subject
        if m and m.group("scope"):
            text = f"**{m.group('scope')}:** {text}"
        sections.setdefault(title, []).append(f"- {text} ({sha[:7]})")
        if (m and m.group("bang")) or "BREAKING CHANGE:" in body:
            breaking.append(f"- {text}")
    return sections, breaking


def render(version, sections, breaking):
    today = datetime.date.today().isoformat()
    lines = [f"## [{version}] - {today}", ""]
    if breaking:
        lines += ["### Breaking", *breaking, ""]
    for title in ["Added", "Changed", "Fixed", "Performance", "Dependencies", "Documentation", "Other"]:
        if title in sections:
            lines += [f"### {title}", *sections[title], ""]
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--since", default="")
    ap.add_argument("--version", default="Unreleased")
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()

    ctx = repo_context()  # repo name/URL for compare links
    sections, breaking = group(git_log(args.since))
    section = render(args.version, sections, breaking)
    if ctx.get("url") and args.since:
        section += f"\n[{args.version}]: {ctx['url']}/compare/{args.since}...HEAD\n"

    if not args.write:
        print(section)
        return 0
    try:
        old = open("CHANGELOG.md", encoding="utf-8").read()
    except FileNotFoundError:
        old = "# Changelog\n\n"
    head, _, rest = old.partition("\n## ")
    new = head.rstrip() + "\n\n" + section + ("\n## " + rest if rest else "")
    open("CHANGELOG.md", "w", encoding="utf-8").write(new)
    print("CHANGELOG.md updated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
