#!/usr/bin/env bash
# Rerun a test command N times and tally results.
set -u
n="${1:?usage: rerun.sh N command...}"; shift
mkdir -p .flake
pass=0; fail=0
for i in $(seq 1 "$n"); do
  if "$@" >".flake/run-$i.log" 2>&1; then pass=$((pass+1)); else fail=$((fail+1)); fi
done
echo "passed=$pass failed=$fail"
