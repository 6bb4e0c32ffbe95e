#!/usr/bin/env bash
# clean.sh - remove ignored build outputs inside the current git repo
set -euo pipefail
ROOT="$(git rev-parse --show-toplevel 2>/dev/null)" || { echo "not in a git repo" >&2; exit 1; }
cd "$ROOT"

mapfile -t CANDIDATES < <(
  { ls -d build dist out .next .turbo node_modules/.cache 2>/dev/null
    [ -f Cargo.toml ] && ls -d target 2>/dev/null
    find . -path ./node_modules -prune -o \( -name __pycache__ -o -name .pytest_cache -o -name .mypy_cache \
         -o -name .ruff_cache -o -name '*.egg-info' \) -type d -print 2>/dev/null
  } | sed 's|^\./||' | sort -u)

TARGETS=()
for p in "${CANDIDATES[@]}"; do
  [ -n "$p" ] && git check-ignore -q "$p" && TARGETS+=("$p")
done

[ ${#TARGETS[@]} -eq 0 ] && { echo "nothing to clean"; exit 0; }
du -sh "${TARGETS[@]}" 2>/dev/null
if [ "${1:-}" != "--yes" ]; then
  read -rp "Delete these ${#TARGETS[@]} paths under $ROOT? [y/N] " ans
  [ "$ans" = "y" ] || [ "$ans" = "Y" ] || { echo "aborted"; exit 0; }
fi
rm -rf -- "${TARGETS[@]}"
echo "removed ${#TARGETS[@]} paths"
