#!/usr/bin/env sh
# Read-only: lists git-ignored build output directories in the current repo with sizes.
# Deletes nothing.
set -eu
root=$(git rev-parse --show-toplevel)
cd "$root"
for p in node_modules dist build .next .nuxt .turbo coverage target .gradle \
         .pytest_cache .mypy_cache .ruff_cache; do
  find . -name "$p" -type d -prune -not -path './.git/*' 2>/dev/null | while read -r d; do
    if git check-ignore -q "$d"; then
      du -sh "$d" 2>/dev/null
    fi
  done
done
