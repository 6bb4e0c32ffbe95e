#!/usr/bin/env bash
# clean.sh - remove build output and caches inside the current git repository.
set -euo pipefail

apply=0 deps=0
for a in "$@"; do
  case $a in
    --yes) apply=1 ;;
    --deps) deps=1 ;;
    *) echo "usage: clean.sh [--yes] [--deps]" >&2; exit 2 ;;
  esac
done

root=$(git rev-parse --show-toplevel 2>/dev/null) || { echo "not inside a git repository" >&2; exit 1; }
root=$(cd "$root" && pwd -P)
if [[ $root == / || $root == "$(cd ~ && pwd -P)" ]]; then
  echo "refusing to clean $root" >&2
  exit 1
fi
cd "$root"

targets=(dist build out target .next .nuxt .svelte-kit .turbo .parcel-cache coverage htmlcov
         .pytest_cache .mypy_cache .ruff_cache .tox .gradle)
(( deps )) && targets+=(node_modules .venv venv)

found=()
while IFS= read -r -d '' path; do
  rel=${path#./}
  # never touch anything git tracks, and never leave the repository
  if [[ -n $(git ls-files -- "$rel" | head -n1) ]]; then
    echo "skip (tracked files inside): $rel"
    continue
  fi
  real=$(cd "$path" && pwd -P)
  [[ $real == "$root"/* ]] || { echo "skip (outside repo): $rel"; continue; }
  found+=("$rel")
done < <(
  find . -path ./.git -prune -o -type d \( $(printf -- '-name %s -o ' "${targets[@]}") -name __pycache__ \) -prune -print0
)

if (( ${#found[@]} == 0 )); then
  echo "nothing to clean"
  exit 0
fi
du -sch "${found[@]}" 2>/dev/null | sed 's/^/  /'

if (( apply )); then
  for rel in "${found[@]}"; do
    rm -rf -- "$root/$rel"
  done
  echo "removed ${#found[@]} folder(s)"
else
  echo "dry run - re-run with --yes to delete the folders above"
fi
