#!/usr/bin/env python3
"""Run pytest repeatedly and record per-test outcomes."""
import argparse
import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path


def run_once(target, k, random_order, xdist, timeout, i):
    junit = Path(".flaky") / f"run-{i}.xml"
    cmd = [sys.executable, "-m", "pytest", target, "-q", f"--junitxml={junit}"]
    if k:
        cmd += ["-k", k]
    if not random_order:
        cmd += ["-p", "no:randomly"]
    if xdist:
        cmd += ["-n", str(xdist)]
    try:
        subprocess.run(cmd, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {}
    res = {}
    if junit.exists():
        for tc in ET.parse(junit).iter("testcase"):
            nid = f"{tc.get('classname')}::{tc.get('name')}"
            failed = tc.find("failure") is not None or tc.find("error") is not None
            res[nid] = "fail" if failed else "pass"
    return res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("target")
    ap.add_argument("-k")
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--random-order", action=argparse.BooleanOptionalAction, default=True)
    ap.add_argument("--xdist", type=int)
    ap.add_argument("--timeout", type=int, default=120)
    a = ap.parse_args()
    Path(".flaky").mkdir(exist_ok=True)
    tally = defaultdict(lambda: {"pass": 0, "fail": 0})
    for i in range(a.runs):
        for nid, outcome in run_once(a.target, a.k, a.random_order and i % 2, a.xdist, a.timeout, i).items():
            tally[nid][outcome] += 1
    rates = {n: t["pass"] / max(1, t["pass"] + t["fail"]) for n, t in tally.items()}
    Path(".flaky/rates.json").write_text(json.dumps(rates, indent=2))
    for n, r in sorted(rates.items(), key=lambda x: x[1]):
        if 0 < r < 1:
            print(f"{r:6.0%}  {n}")


if __name__ == "__main__":
    main()
