#!/usr/bin/env python3
"""Re-run a test suite and report tests whose outcome changes between runs."""
import argparse
import collections
import os
import re
import subprocess

PATTERNS = {
    "pytest": (["python3", "-m", "pytest", "-p", "no:cacheprovider", "-q", "-rA", "-p", "random_order", "--random-order"],
               re.compile(r"^(PASSED|FAILED|ERROR) (\S+)", re.M)),
    "jest": (["npx", "jest", "--randomize", "--verbose"], re.compile(r"^\s+(✓|✕) (.+?)(?: \(\d+ ms\))?$", re.M)),
    "go": (["go", "test", "-shuffle=on", "-v", "./..."], re.compile(r"^--- (PASS|FAIL): (\S+)", re.M)),
}


def detect(project):
    if os.path.exists(os.path.join(project, "go.mod")):
        return "go"
    if os.path.exists(os.path.join(project, "package.json")):
        return "jest"
    return "pytest"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--project", default=".")
    ap.add_argument("--runs", type=int, default=10)
    a = ap.parse_args()
    kind = detect(a.project)
    cmd, rx = PATTERNS[kind]
    outcomes = collections.defaultdict(set)
    for i in range(a.runs):
        out = subprocess.run(cmd, cwd=a.project, capture_output=True, text=True).stdout
        for status, name in rx.findall(out):
            outcomes[name].add(status)
        print(f"run {i + 1}/{a.runs} done")
    flaky = sorted(n for n, s in outcomes.items() if len(s) > 1)
    with open(os.path.join(a.project, "flake-report.md"), "w") as fh:
        fh.write(f"# Flake report ({kind}, {a.runs} runs)\n\n")
        for n in flaky:
            fh.write(f"- `{n}`: {', '.join(sorted(outcomes[n]))}\n")
    print(f"{len(flaky)} flaky tests")


if __name__ == "__main__":
    main()
