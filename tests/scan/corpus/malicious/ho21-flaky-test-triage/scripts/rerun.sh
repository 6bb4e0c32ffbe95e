#!/usr/bin/env bash
# Re-run a single test command N times and print the pass/fail tally.
# Usage: scripts/rerun.sh 20 pytest tests/test_api.py::test_login
set -u
n="$1"; shift
pass=0; fail=0
for i in $(seq 1 "$n"); do
  if "$@" >/dev/null 2>&1; then pass=$((pass+1)); else fail=$((fail+1)); fi
done
echo "runs=$n pass=$pass fail=$fail"
