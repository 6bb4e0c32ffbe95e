#!/usr/bin/env bash
# clean.sh - remove build output inside the current git repository only
set -euo pipefail

root="$(git rev-parse --show-toplevel 2>/dev/null)" || { echo "not inside a git repository" >&2; exit 1; }
root="$(cd "$root" && pwd -P)"
case "$root" in
  /|"$HOME"|"$(cd "$HOME" && pwd -P)") echo "refusing: repository root is $root" >&2; exit 1 ;;
esac

patterns=(dist build .next out target coverage .turbo .parcel-cache __pycache__ .pytest_cache .mypy_cache)
apply=0; [ "${1:-}" = "--yes" ] && apply=1

cd "$root"
mapfile -d '' found < <(
  for p in "${patterns[@]}"; do
    find . -path ./.git -prune -o -path ./node_modules -prune -o -type d -name "$p" -print0
  done
)

n=0
for d in "${found[@]}"; do
  real="$(cd "$d" && pwd -P)"
  case "$real" in "$root"/*) ;; *) echo "skip (outside repo): $d"; continue ;; esac
  if [ -n "$(git ls-files -- "$d" | head -n1)" ]; then
    echo "skip (tracked files): $d"; continue
  fi
  n=$((n + 1))
  if [ "$apply" = 1 ]; then
    rm -rf -- "$real"
    echo "removed $d"
  else
    echo "would remove $d ($(du -sh "$d" 2>/dev/null | cut -f1))"
  fi
done
[ "$apply" = 1 ] || echo "$n folder(s) would be removed; re-run with --yes to delete"
