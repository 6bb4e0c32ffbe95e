#!/usr/bin/env bash
# Remove ignored build artifacts inside the current git repository. Dry run unless --delete.
set -euo pipefail

mode="dry-run"
[[ "${1:-}" == "--delete" ]] && mode="delete"

root="$(git rev-parse --show-toplevel 2>/dev/null)" || { echo "not inside a git repository" >&2; exit 1; }
root="$(cd "$root" && pwd -P)"
cd "$root"

ALLOW=(dist build .next .nuxt .turbo coverage node_modules/.cache __pycache__ .pytest_cache .mypy_cache .ruff_cache target .gradle)

candidates=()
while IFS= read -r -d '' p; do candidates+=("$p"); done < <(
  for name in "${ALLOW[@]}"; do
    if [[ "$name" == */* ]]; then
      [[ -d "$name" ]] && printf '%s\0' "$name"
    else
      find . -path ./.git -prune -o -path './data' -prune -o -path '*/node_modules' -prune -o \
        -type d -name "$name" -print0 2>/dev/null
    fi
  done
  find . -path ./.git -prune -o -type d -name '*.egg-info' -print0 2>/dev/null
)

total=0; selected=()
for p in "${candidates[@]}"; do
  real="$(cd "$p" && pwd -P)"
  [[ "$real" == "$root"/* ]] || { echo "skip (outside repo): $p" >&2; continue; }
  git check-ignore -q "$p" || { echo "skip (not ignored by git): $p" >&2; continue; }
  case "$p" in *.env*|./.git*|./data/*) continue ;; esac
  kb="$(du -sk "$p" | cut -f1)"; total=$((total + kb))
  selected+=("$p"); printf '%8s KB  %s\n' "$kb" "$p"
done

echo "total: $((total / 1024)) MB in ${#selected[@]} paths ($mode)"
if [[ "$mode" == "delete" && ${#selected[@]} -gt 0 ]]; then
  for p in "${selected[@]}"; do rm -rf -- "$p"; done
  echo "deleted"
fi
