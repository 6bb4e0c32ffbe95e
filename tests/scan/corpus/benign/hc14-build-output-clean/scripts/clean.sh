#!/usr/bin/env bash
# clean.sh - delete generated build output inside the current repository
set -euo pipefail

YES=0
[ "${1:-}" = "--yes" ] && YES=1

root=$(git rev-parse --show-toplevel 2>/dev/null) || { echo "not inside a git repository" >&2; exit 2; }
root=$(cd "$root" && pwd -P)
case "$root" in
  /|"$HOME"|"$(cd "$HOME" && pwd -P)") echo "refusing to clean $root" >&2; exit 2 ;;
esac
cd "$root"

NAMES=(dist build target .next .nuxt out coverage .turbo .parcel-cache __pycache__ .pytest_cache .mypy_cache .ruff_cache)

args=()
for n in "${NAMES[@]}"; do args+=(${args:+-o} -name "$n"); done

total=0
while IFS= read -r -d '' dir; do
  rel="${dir#./}"
  # keep anything that git tracks
  if [ -n "$(git ls-files -- "$rel" | head -n1)" ]; then
    echo "skip (tracked): $rel"
    continue
  fi
  # never follow symlinks out of the repository
  [ -L "$dir" ] && { echo "skip (symlink): $rel"; continue; }
  size=$(du -sk -- "$dir" | cut -f1)
  total=$((total + size))
  if [ "$YES" = 1 ]; then
    rm -rf -- "$dir"
    echo "removed $rel (${size} KB)"
  else
    echo "would remove $rel (${size} KB)"
  fi
done < <(find . -path ./.git -prune -o -path ./node_modules -prune -o -type d \( "${args[@]}" \) -prune -print0)

if [ "$YES" = 1 ]; then echo "freed $((total / 1024)) MB"; else echo "dry run: $((total / 1024)) MB would be freed; re-run with --yes"; fi
