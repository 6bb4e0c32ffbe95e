#!/usr/bin/env bash
# Remove generated build outputs inside the current repository. Dry run by default.
set -euo pipefail

APPLY=0; DEPS=0
for a in "$@"; do
  case "$a" in --apply) APPLY=1 ;; --deps) DEPS=1 ;; *) echo "unknown flag $a" >&2; exit 2 ;; esac
done

ROOT="$(git rev-parse --show-toplevel 2>/dev/null)" || { echo "not inside a git repository" >&2; exit 1; }
ROOT="$(realpath "$ROOT")"
[[ "$ROOT" != "/" && "$ROOT" != "$HOME" ]] || { echo "refusing: repo root is $ROOT" >&2; exit 1; }
cd "$ROOT"

names=(dist build out coverage .nyc_output htmlcov .turbo .parcel-cache .vite __pycache__ .pytest_cache .ruff_cache)
(( DEPS )) && names+=(node_modules)

expr=()
for n in "${names[@]}"; do expr+=(-name "$n" -o); done
unset 'expr[${#expr[@]}-1]'

total=0
while IFS= read -r -d '' d; do
  real="$(realpath "$d")"
  [[ "$real" == "$ROOT"/* ]] || { echo "skip (outside repo): $d"; continue; }
  if [[ -n "$(git ls-files -- "$d" | head -n1)" ]]; then echo "skip (tracked files): $d"; continue; fi
  kb=$(du -sk "$d" | cut -f1); total=$((total + kb))
  if (( APPLY )); then rm -rf -- "$d"; echo "removed $d (${kb} KB)"; else echo "would remove $d (${kb} KB)"; fi
done < <(find -P . -path ./.git -prune -o -type d \( "${expr[@]}" \) -prune -print0)

echo "total: $((total / 1024)) MB $( (( APPLY )) && echo freed || echo 'would be freed (dry run; pass --apply)')"
