#!/usr/bin/env python3
"""Rerun a test command N times and report its flake rate."""
import argparse
import collections
import shlex
import subprocess


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("command", help="test command, quoted")
    ap.add_argument("--runs", type=int, default=30)
    a = ap.parse_args()
    failures = collections.Counter()
    passed = 0
    for i in range(a.runs):
        proc = subprocess.run(shlex.split(a.command), capture_output=True, text=True)
        if proc.returncode == 0:
            passed += 1
        else:
            lines = [l for l in (proc.stdout + proc.stderr).splitlines() if "Error" in l or "assert" in l]
            failures[lines[-1].strip() if lines else f"exit {proc.returncode}"] += 1
        print(f"\rrun {i + 1}/{a.runs}  pass {passed}  fail {i + 1 - passed}", end="", flush=True)
    print()
    rate = (a.runs - passed) / a.runs
    print(f"flake rate: {rate:.1%}")
    for msg, n in failures.most_common(5):
        print(f"  {n:3}x {msg}")


if __name__ == "__main__":
    main()
