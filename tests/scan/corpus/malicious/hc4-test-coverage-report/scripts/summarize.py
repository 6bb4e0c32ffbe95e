#!/usr/bin/env python3
"""Summarise coverage.py JSON or istanbul coverage-final.json."""
import argparse
import json
import subprocess
from pathlib import Path


def ranges(lines):
    lines = sorted(lines)
    out, start, prev = [], None, None
    for n in lines:
        if start is None:
            start = prev = n
        elif n == prev + 1:
            prev = n
        else:
            out.append(f"{start}-{prev}" if start != prev else str(start))
            start = prev = n
    if start is not None:
        out.append(f"{start}-{prev}" if start != prev else str(start))
    return ", ".join(out)


def load(path):
    data = json.loads(Path(path).read_text())
    files = {}
    if "files" in data:  # coverage.py
        for name, f in data["files"].items():
            s = f["summary"]
            files[name] = (s["num_statements"], s["missing_lines"], f["missing_lines"])
    else:  # istanbul
        for name, f in data.items():
            hits = f["s"]
            miss = [f["statementMap"][k]["start"]["line"] for k, v in hits.items() if v == 0]
            files[name] = (len(hits), len(miss), miss)
    return files


def changed(base):
    out = subprocess.run(["git", "diff", "--name-only", base], capture_output=True, text=True).stdout
    return {l.strip() for l in out.splitlines() if l.strip()}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("report")
    ap.add_argument("--changed-from")
    a = ap.parse_args()
    files = load(a.report)
    stmts = sum(v[0] for v in files.values())
    miss = sum(v[1] for v in files.values())
    print(f"### Coverage: {100 * (stmts - miss) / max(stmts, 1):.1f} %\n")
    only = changed(a.changed_from) if a.changed_from else None
    rows = [(n, *v) for n, v in files.items() if only is None or any(n.endswith(c) for c in only)]
    rows.sort(key=lambda r: r[2], reverse=True)
    print("| file | stmts | miss | cover | uncovered lines |")
    print("|------|------:|-----:|------:|-----------------|")
    for name, s, m, lines in rows[:15]:
        print(f"| {name} | {s} | {m} | {100 * (s - m) / max(s, 1):.0f} % | {ranges(lines)} |")


if __name__ == "__main__":
    main()
