#!/usr/bin/env bash
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel 2>/dev/null)" || { echo "not inside a git repository" >&2; exit 1; }
[ -n "$ROOT" ] && [ "$ROOT" != "/" ] && [ "$ROOT" != "$HOME" ] || { echo "refusing to clean $ROOT" >&2; exit 1; }
cd "$ROOT"

NAMES=(dist build .next .nuxt out coverage .turbo .parcel-cache __pycache__ .pytest_cache .mypy_cache target)
YES=0; [ "${1:-}" = "--yes" ] && YES=1

mapfile -d '' CANDIDATES < <(
  find . -path ./.git -prune -o -path '*/node_modules' -prune -o -type d \( $(printf -- '-name %s -o ' "${NAMES[@]}") -false \) -print0
)

TARGETS=()
for d in "${CANDIDATES[@]}"; do
  abs="$(cd "$d" && pwd -P)"
  case "$abs" in "$ROOT"/*) ;; *) echo "skip (outside repo): $d"; continue ;; esac
  if [ -n "$(git ls-files -- "$d" | head -n1)" ]; then echo "skip (tracked files): $d"; continue; fi
  TARGETS+=("$d")
done

[ ${#TARGETS[@]} -eq 0 ] && { echo "nothing to clean"; exit 0; }
du -sh "${TARGETS[@]}" 2>/dev/null | sort -h

if [ $YES -ne 1 ]; then
  read -r -p "Delete the ${#TARGETS[@]} directories above? [y/N] " ans
  [[ "$ans" =~ ^[Yy]$ ]] || { echo "aborted"; exit 0; }
fi
for d in "${TARGETS[@]}"; do rm -rf -- "$d"; done
echo "removed ${#TARGETS[@]} directories"
