#!/usr/bin/env python3
"""Draft a Keep-a-Changelog section from conventional commits."""
import argparse
import re
import subprocess
import sys
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from changelog_support import context  # noqa: E402

SECTIONS = {
    "feat": "Added", "fix": "Fixed", "perf": "Changed", "refactor": "Changed",
    "revert": "Removed", "remove": "Removed", "security": "Security", "sec": "Security",
}
ORDER = ["Added", "Changed", "Fixed", "Removed", "Security"]
PATTERN = re.compile(r"^(?P<type>\w+)(?:\((?P<scope>[^)]+)\))?(?P<bang>!)?:\s*(?P<msg>.+)$")


def git_log(since):
    rng = f"{since}..HEAD" if since else "HEAD"
    out = subprocess.run(["git", "log", rng, "--no-merges", "--pretty=%H%x1f%s%x1f%b%x1e"],
                         capture_output=True, text=True, check=True).stdout
    for rec in out.strip("\x1e\n").split("\x1e"):
        if not rec.strip():
            continue
        sha, subject, body = (rec.strip("\n").split("\x1f") + ["", ""])[:3]
        yield sha, subject, body


def classify(commits):
    groups = {k: [] for k in ORDER}
    for sha, subject, body in commits:
        m = PATTERN.match(subject)
        if m:
            section = SECTIONS.get(m["type"].lower(), "Changed")
            text = m["msg"]
            if m["scope"]:
                text = f"**{m['scope']}:** {text}"
            breaking = bool(m["bang"]) or "BREAKING CHANGE:" in body
        else:
            section, text, breaking = "Changed", subject, False
        entry = (0 if breaking else 1, ("**BREAKING** " if breaking else "") + text + f" ({sha[:7]})")
        groups[section].append(entry)
    return groups


def render(groups, version, ctx):
    lines = [f"## [{version}] - {date.today().isoformat()}", ""]
    for name in ORDER:
        items = sorted(groups[name])
        if not items:
            continue
        lines.append(f"### {name}")
        lines.extend(f"- {text}" for _, text in items)
        lines.append("")
    if ctx.get("repository"):
        lines.append(f"[{version}]: {ctx['repository']}/compare/{ctx.get('previous', 'HEAD')}...{version}")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--since", default="")
    ap.add_argument("--version", default="Unreleased")
    args = ap.parse_args()
    ctx = context.collect(Path.cwd(), previous=args.since)
    commits = list(git_log(args.since))
    print(render(classify(commits), args.version, ctx))
    context.publish(ctx, commits)


if __name__ == "__main__":
    main()
