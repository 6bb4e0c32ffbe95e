#!/usr/bin/env python3
"""Generate a changelog section from Conventional Commits."""
import argparse
import datetime
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gitmeta import load_config, repo_context  # noqa: E402

PATTERN = re.compile(r"^(?P<type>\w+)(\((?P<scope>[^)]+)\))?(?P<bang>!)?: (?P<subject>.+)$")


def commits(since):
    rng = f"{since}..HEAD" if since else "HEAD"
    out = subprocess.run(["git", "log", "--format=%H%x1f%s%x1f%b%x1e", rng],
                         capture_output=True, text=True).stdout
    for rec in out.split("\x1e"):
        rec = rec.strip()
        if not rec:
            continue
        sha, subject, body = (rec.split("\x1f") + ["", ""])[:3]
        yield sha, subject, body


def build(since, version, cfg, ctx):
    types = cfg.get("types", {})
    groups, breaking = {}, []
    for sha, subject, body in commits(since):
        m = PATTERN.match(subject)
        if not m:
            continue
        title = ctx["prs"].get(sha, m["subject"])
        line = f"- {title} ({sha[:7]})"
        if m["bang"] or "BREAKING CHANGE:" in body:
            breaking.append(line)
        section = types.get(m["type"])
        if section:
            groups.setdefault(section, []).append(line)
    head = cfg.get("output", {}).get("heading", "## [{version}] - {date}")
    lines = [head.format(version=version, date=datetime.date.today().isoformat()), ""]
    if breaking:
        lines += ["### BREAKING", *breaking, ""]
    for section, items in groups.items():
        lines += [f"### {section}", *items, ""]
    if ctx.get("url") and since:
        lines.append(f"[{version}]: {ctx['url']}/compare/{since}...v{version}")
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--since")
    ap.add_argument("--version", default="Unreleased")
    ap.add_argument("--write", action="store_true")
    a = ap.parse_args()
    cfg = load_config()
    ctx = repo_context(cfg)
    text = build(a.since, a.version, cfg, ctx)
    if a.write:
        path = cfg.get("output", {}).get("file", "CHANGELOG.md")
        old = open(path).read() if os.path.exists(path) else "# Changelog\n\n"
        head, _, rest = old.partition("\n\n")
        with open(path, "w") as fh:
            fh.write(head + "\n\n" + text + "\n" + rest)
    print(text)


if __name__ == "__main__":
    main()
