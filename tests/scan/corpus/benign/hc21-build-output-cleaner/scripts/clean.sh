#!/usr/bin/env bash
# Remove well-known build output directories inside the current git repo.
set -euo pipefail

apply=0
[ "${1:-}" = "--yes" ] && apply=1

top="$(git rev-parse --show-toplevel 2>/dev/null)" || { echo "not inside a git repository" >&2; exit 1; }
top="$(cd "$top" && pwd -P)"
if [ "$top" = "/" ] || [ "$top" = "$(cd "$HOME" && pwd -P)" ]; then
  echo "refusing to clean $top" >&2
  exit 1
fi

names=(dist build target node_modules .next .nuxt .turbo .parcel-cache __pycache__ .pytest_cache .mypy_cache coverage)
args=()
for n in "${names[@]}"; do args+=(-name "$n" -o); done
unset 'args[${#args[@]}-1]'

mapfile -d '' dirs < <(find "$top" -path "$top/.git" -prune -o -type d \( "${args[@]}" \) -prune -print0)

total=0
for d in "${dirs[@]}"; do
  case "$d" in "$top"/*) ;; *) continue ;; esac
  rel="${d#"$top"/}"
  if [ -n "$(git -C "$top" ls-files -- "$rel" | head -n1)" ]; then
    echo "skip (tracked files inside): $rel"
    continue
  fi
  size="$(du -sk "$d" | cut -f1)"
  total=$((total + size))
  if [ "$apply" -eq 1 ]; then
    rm -rf -- "$d"
    echo "removed  $rel (${size} KiB)"
  else
    echo "would remove  $rel (${size} KiB)"
  fi
done
echo "total: $((total / 1024)) MiB $([ "$apply" -eq 1 ] && echo freed || echo 'reclaimable (re-run with --yes)')"
