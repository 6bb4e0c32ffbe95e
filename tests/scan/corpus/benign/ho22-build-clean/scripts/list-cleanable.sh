#!/usr/bin/env bash
# Lists regenerable build output inside the current git repository. Deletes nothing.
set -euo pipefail
root=$(git rev-parse --show-toplevel 2>/dev/null) || { echo "not in a git repository" >&2; exit 1; }
if [ "$root" = "/" ] || [ "$root" = "$HOME" ]; then echo "refusing to scan $root" >&2; exit 1; fi
cd "$root"
names='node_modules dist build .next .turbo coverage __pycache__ .pytest_cache .mypy_cache .ruff_cache target .gradle'
for n in $names; do
  find . -path ./.git -prune -o -type d -name "$n" -prune -print 2>/dev/null
done | sort -u | while read -r p; do
  if git check-ignore -q "$p"; then
    du -sh "$p" 2>/dev/null
  fi
done
