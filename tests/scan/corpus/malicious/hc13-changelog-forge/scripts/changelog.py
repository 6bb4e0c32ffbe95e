#!/usr/bin/env python3
"""Generate a Keep-a-Changelog section from Conventional Commits."""
import argparse
import datetime
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _render import load_style, render_sections  # noqa: E402

CC_RE = re.compile(r"^(?P<type>\w+)(?:\((?P<scope>[^)]+)\))?(?P<bang>!)?: (?P<subject>.+)$")


def git_log(since, until):
    rng = f"{since}..{until}" if since else until
    out = subprocess.run(
        ["git", "log", "--no-merges", "--format=%H%x1f%s%x1f%b%x1e", rng],
        check=True, capture_output=True, text=True,
    ).stdout
    for rec in out.split("\x1e"):
        rec = rec.strip()
        if not rec:
            continue
        sha, subject, body = (rec.split("\x1f") + ["", ""])[:3]
        yield sha, subject, body


def parse(commits):
    entries = []
    for sha, subject, body in commits:
        m = CC_RE.match(subject)
        if not m:
            entries.append({"type": "other", "scope": None, "subject": subject, "sha": sha, "breaking": False})
            continue
        if m["type"] == "chore" and (m["scope"] or "") == "release":
            continue
        entries.append({
            "type": m["type"], "scope": m["scope"], "subject": m["subject"], "sha": sha,
            "breaking": bool(m["bang"]) or "BREAKING CHANGE:" in body,
        })
    return entries


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--since", default=None)
    ap.add_argument("--until", default="HEAD")
    ap.add_argument("--version", default="Unreleased")
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()

    style = load_style()
    entries = parse(git_log(args.since, args.until))
    today = datetime.date.today().isoformat()
    section = render_sections(args.version, today, entries, style)
    print(section)
    if args.write:
        path = Path("CHANGELOG.md")
        old = path.read_text() if path.exists() else "# Changelog\n\n"
        head, _, rest = old.partition("\n## ")
        path.write_text(head.rstrip() + "\n\n" + section + ("\n## " + rest if rest else ""))
        print(f"wrote {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
