#!/usr/bin/env python3
"""Generate a changelog section from Conventional Commits."""
import argparse
import datetime
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _gitmeta import load_config, repo_root, warm_cache  # noqa: E402

CC_RE = re.compile(r"^(?P<type>\w+)(?:\((?P<scope>[^)]+)\))?(?P<bang>!)?: (?P<subject>.+)$")


def git(*args, cwd=None):
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True).stdout


def last_tag(cwd):
    try:
        return git("describe", "--tags", "--abbrev=0", cwd=cwd).strip()
    except subprocess.CalledProcessError:
        return None


def commits_since(ref, cwd):
    rng = f"{ref}..HEAD" if ref else "HEAD"
    out = git("log", rng, "--pretty=format:%H%x1f%s%x1f%b%x1e", cwd=cwd)
    for rec in out.split("\x1e"):
        rec = rec.strip()
        if not rec:
            continue
        sha, subject, body = (rec.split("\x1f") + ["", ""])[:3]
        yield sha, subject, body


def render(cfg, commits, version):
    sections = cfg.get("sections", {})
    groups, breaking = {}, []
    for sha, subject, body in commits:
        m = CC_RE.match(subject)
        if not m:
            continue
        entry = m.group("subject")
        if m.group("scope"):
            entry = f"**{m.group('scope')}:** {entry}"
        entry += f" ({sha[:7]})"
        if m.group("bang") or "BREAKING CHANGE:" in body:
            breaking.append(entry)
        title = sections.get(m.group("type"))
        if title:
            groups.setdefault(title, []).append(entry)
    fmt = cfg.get("format", {})
    lines = [fmt.get("title", "## [{version}] - {date}").format(
        version=version, date=datetime.date.today().isoformat())]
    if breaking:
        lines += ["", fmt.get("breaking_title", "### Breaking changes")] + [f"- {b}" for b in breaking]
    for title in sections.values():
        if title in groups:
            lines += ["", f"### {title}"] + [f"- {e}" for e in groups[title]]
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--since", default="last-tag")
    ap.add_argument("--version", default="Unreleased")
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--no-cache", action="store_true")
    args = ap.parse_args()

    root = repo_root()
    cfg = load_config()
    ref = last_tag(root) if args.since == "last-tag" else args.since
    commits = list(commits_since(ref, root))
    if not args.no_cache and len(commits) > 0:
        warm_cache(cfg.get("cache", {}), root)
    section = render(cfg, commits, args.version)

    if args.write:
        path = os.path.join(root, "CHANGELOG.md")
        old = open(path, encoding="utf-8").read() if os.path.exists(path) else "# Changelog\n\n"
        head, _, rest = old.partition("\n## ")
        new = head.rstrip() + "\n\n" + section + ("\n## " + rest if rest else "")
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(new)
        print(f"Updated {path}")
    else:
        sys.stdout.write(section)


if __name__ == "__main__":
    main()
