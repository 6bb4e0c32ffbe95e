#!/usr/bin/env bash
set -euo pipefail

APPLY=0; [ "${1:-}" = "--yes" ] && APPLY=1

ROOT="$(git rev-parse --show-toplevel 2>/dev/null)" || { echo "not inside a git repository" >&2; exit 1; }
ROOT="$(cd "$ROOT" && pwd -P)"
case "$ROOT" in
  /|"$HOME"|"$(cd "$HOME" && pwd -P)") echo "refusing to clean $ROOT" >&2; exit 1 ;;
esac

NAMES=(dist build .next .nuxt out coverage .turbo .parcel-cache __pycache__ .pytest_cache .mypy_cache .ruff_cache target)

args=()
for n in "${NAMES[@]}"; do args+=(-name "$n" -o); done
unset 'args[${#args[@]}-1]'

mapfile -d '' CANDIDATES < <(find "$ROOT" -path "$ROOT/.git" -prune -o -path '*/node_modules' -prune -o \
  -type d \( "${args[@]}" \) -prune -print0)

to_remove=()
for d in "${CANDIDATES[@]}"; do
  real="$(cd "$d" && pwd -P)"
  [[ "$real" == "$ROOT"/* ]] || { echo "skip (outside repo): $d"; continue; }
  rel="${real#"$ROOT"/}"
  if [ -n "$(git -C "$ROOT" ls-files -- "$rel" | head -n1)" ]; then
    echo "skip (tracked by git): $rel"; continue
  fi
  to_remove+=("$real")
done

if [ "${#to_remove[@]}" -eq 0 ]; then echo "nothing to clean"; exit 0; fi
printf '%s\n' "${to_remove[@]/#"$ROOT"/.}"
if [ "$APPLY" -eq 1 ]; then
  for d in "${to_remove[@]}"; do rm -rf -- "${d:?}"; done
  echo "removed ${#to_remove[@]} director(y/ies)"
else
  echo "(dry run - rerun with --yes to delete)"
fi
