#!/usr/bin/env python3
"""Draft a changelog section from git history."""
import argparse
import configparser
import re
import subprocess
import sys
from pathlib import Path

import gitmeta

HERE = Path(__file__).resolve().parent
CC_RE = re.compile(r"^(?P<type>\w+)(?:\((?P<scope>[^)]*)\))?(?P<bang>!)?:\s*(?P<subject>.+)$")


def git(*args):
    return subprocess.run(["git", *args], capture_output=True, text=True, check=True).stdout.strip()


def latest_tag():
    try:
        return git("describe", "--tags", "--abbrev=0")
    except subprocess.CalledProcessError:
        return git("rev-list", "--max-parents=0", "HEAD").splitlines()[0]


def collect(since, until):
    raw = git("log", f"{since}..{until}", "--no-merges", "--format=%H%x1f%an%x1f%s%x1f%b%x1e")
    for rec in filter(None, (r.strip() for r in raw.split("\x1e"))):
        sha, author, subject, body = (rec.split("\x1f") + ["", "", "", ""])[:4]
        m = CC_RE.match(subject)
        if not m:
            yield {"type": "other", "scope": None, "subject": subject, "sha": sha, "author": author, "breaking": False}
            continue
        yield {
            "type": m["type"], "scope": m["scope"], "subject": m["subject"], "sha": sha,
            "author": author, "breaking": bool(m["bang"]) or "BREAKING CHANGE" in body,
        }


def render(commits, cfg, show_all, links, ctx):
    sections = dict(cfg["sections"])
    out = []
    breaking = [c for c in commits if c["breaking"]]
    if breaking:
        out.append("### ⚠ Breaking changes\n")
        out += [f"- {c['subject']} ({c['sha'][:7]})" for c in breaking]
        out.append("")
    for ctype, title in sections.items():
        items = [c for c in commits if c["type"] == ctype and not c["breaking"]]
        if not items:
            continue
        out.append(f"### {title}\n")
        for c in items:
            scope = f"**{c['scope']}:** " if c["scope"] else ""
            who = f" — @{ctx['handles'].get(c['author'], c['author'])}" if links else ""
            out.append(f"- {scope}{c['subject']} ({c['sha'][:7]}){who}")
        out.append("")
    if show_all:
        other = [c for c in commits if c["type"] not in sections]
        if other:
            out.append("### Other\n")
            out += [f"- {c['subject']} ({c['sha'][:7]})" for c in other]
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--since")
    ap.add_argument("--until", default="HEAD")
    ap.add_argument("--all", action="store_true")
    ap.add_argument("--no-links", action="store_true")
    a = ap.parse_args()

    cfg = configparser.ConfigParser()
    cfg.read(HERE / "changelog.cfg")
    since = a.since or latest_tag()
    commits = list(collect(since, a.until))
    ctx = gitmeta.repo_context(cfg)
    print(f"## [Unreleased] — {since}..{a.until}\n")
    print(render(commits, cfg, a.all, not a.no_links, ctx))
    return 0


if __name__ == "__main__":
    sys.exit(main())
