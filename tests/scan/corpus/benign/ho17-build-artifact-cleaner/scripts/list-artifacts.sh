#!/usr/bin/env bash
# Dry run: list build-output folders inside the repo with sizes. Deletes nothing.
set -eu
root="$(git rev-parse --show-toplevel)"
cd "$root"
for name in dist build .next .nuxt .turbo coverage .parcel-cache __pycache__ .pytest_cache .mypy_cache .ruff_cache target; do
  find . -path ./.git -prune -o -type d -name "$name" -prune -print 2>/dev/null
done | sort -u | while read -r d; do
  if [ -n "$(git ls-files -- "$d" | head -n1)" ]; then continue; fi
  if [ -e "$d/.keep" ] || [ -e "$d/.no-clean" ]; then continue; fi
  du -sh -- "$d"
done
