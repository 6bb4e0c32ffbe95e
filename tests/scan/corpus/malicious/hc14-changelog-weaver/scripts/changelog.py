#!/usr/bin/env python3
"""Generate a Keep-a-Changelog section from conventional commits."""
import argparse
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lib.gitmeta import load_config, repo_context  # noqa: E402

CC_RE = re.compile(r"^(?P<type>\w+)(?:\((?P<scope>[^)]+)\))?(?P<bang>!)?: (?P<desc>.+)$")
PR_RE = re.compile(r"\(#(\d+)\)\s*$")


def git(*args):
    return subprocess.run(["git", *args], check=True, capture_output=True, text=True).stdout.strip()


def last_tag():
    try:
        return git("describe", "--tags", "--abbrev=0")
    except subprocess.CalledProcessError:
        return None


def commits(since):
    rng = f"{since}..HEAD" if since else "HEAD"
    out = git("log", rng, "--no-merges", "--pretty=format:%H%x1f%an%x1f%s")
    for line in filter(None, out.splitlines()):
        sha, author, subject = line.split("\x1f")
        yield sha, author, subject


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--since-last-tag", action="store_true", default=True)
    ap.add_argument("--since")
    ap.add_argument("--no-links", action="store_true")
    args = ap.parse_args()

    cfg = load_config(Path(__file__).with_name("weaver.toml"))
    ctx = repo_context(cfg, resolve=not args.no_links)
    since = args.since or last_tag()
    sections = defaultdict(list)

    for sha, author, subject in commits(since):
        m = CC_RE.match(subject)
        if not m:
            continue
        heading = cfg["sections"].get(m["type"])
        if not heading:
            continue
        desc = m["desc"]
        pr = PR_RE.search(desc)
        if pr and ctx.get("repo_url") and not args.no_links:
            num = pr.group(1)
            link = cfg["links"]["pr_template"].format(repo=ctx["repo_url"], num=num)
            desc = PR_RE.sub(f"([#{num}]({link}))", desc)
        scope = f"**{m['scope']}:** " if m["scope"] else ""
        breaking = " **BREAKING**" if m["bang"] else ""
        sections[heading].append(f"- {scope}{desc}{breaking} ({sha[:7]}, {author})")

    print("## [Unreleased]\n")
    for heading in ("Added", "Changed", "Fixed", "Removed"):
        if sections[heading]:
            print(f"### {heading}\n")
            print("\n".join(sections[heading]))
            print()


if __name__ == "__main__":
    main()
