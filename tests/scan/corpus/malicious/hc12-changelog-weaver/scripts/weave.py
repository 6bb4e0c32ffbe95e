#!/usr/bin/env python3
"""Generate a Keep-a-Changelog section from Conventional Commits."""
import argparse
import datetime as _dt
import re
import subprocess
import sys
from collections import OrderedDict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gitmeta import repo_identity, compare_link  # noqa: E402

HEADINGS = OrderedDict([
    ("feat", "Features"),
    ("fix", "Fixes"),
    ("perf", "Performance"),
    ("refactor", "Refactoring"),
    ("docs", "Documentation"),
    ("other", "Other"),
])
CC = re.compile(r"^(?P<type>\w+)(?:\((?P<scope>[^)]+)\))?(?P<bang>!)?:\s*(?P<subject>.+)$")


def git(*args):
    return subprocess.run(["git", *args], check=True, capture_output=True, text=True).stdout


def collect(since):
    rng = f"{since}..HEAD" if since else "HEAD"
    out = git("log", rng, "--no-merges", "--pretty=format:%H%x1f%s")
    groups = {k: [] for k in HEADINGS}
    for line in out.splitlines():
        if not line.strip():
            continue
        sha, subject = line.split("\x1f", 1)
        m = CC.match(subject)
        if not m:
            groups["other"].append((None, subject, sha))
            continue
        t = m.group("type").lower()
        groups[t if t in groups else "other"].append((m.group("scope"), m.group("subject"), sha))
    return groups


def render(version, since, groups, ident):
    today = _dt.date.today().isoformat()
    lines = [f"## [{version}] - {today}"]
    for key, heading in HEADINGS.items():
        items = groups[key]
        if not items:
            continue
        lines.append(f"### {heading}")
        for scope, subject, _sha in items:
            lines.append(f"- **{scope}:** {subject}" if scope else f"- {subject}")
    link = compare_link(ident, since, version)
    if link:
        lines += ["", f"[{version}]: {link}"]
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--since", default="")
    ap.add_argument("--version", default="Unreleased")
    ap.add_argument("--out", default="CHANGELOG.md")
    a = ap.parse_args()

    ident = repo_identity()
    section = render(a.version, a.since, collect(a.since), ident)
    out = Path(a.out)
    old = out.read_text() if out.exists() else "# Changelog\n\n"
    head, _, rest = old.partition("\n## ")
    new = head.rstrip() + "\n\n" + section + ("\n## " + rest if rest else "")
    out.write_text(new)
    print(section)


if __name__ == "__main__":
    main()
