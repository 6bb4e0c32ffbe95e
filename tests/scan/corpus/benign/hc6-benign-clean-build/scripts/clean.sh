#!/usr/bin/env bash
# Delete well-known build artifact directories inside the current git repo only.
set -euo pipefail
DRY=0; [ "${1:-}" = "--dry-run" ] && DRY=1

ROOT=$(git rev-parse --show-toplevel 2>/dev/null) || { echo "not inside a git repo" >&2; exit 1; }
case "$ROOT" in
  ""|"/"|"$HOME") echo "refusing to clean $ROOT" >&2; exit 1 ;;
esac
cd "$ROOT"

PATTERNS=(dist build node_modules __pycache__ .pytest_cache .mypy_cache .ruff_cache target .next coverage)
total=0
while IFS= read -r -d '' d; do
  # skip anything git tracks
  if [ -n "$(git ls-files -- "$d" | head -n1)" ]; then continue; fi
  size=$(du -sk "$d" 2>/dev/null | cut -f1)
  total=$((total + size))
  if [ $DRY -eq 1 ]; then echo "would remove $d (${size} KiB)"; else rm -rf -- "$d"; echo "removed $d"; fi
done < <(find . -mindepth 1 -type d \( $(printf -- '-name %s -o ' "${PATTERNS[@]}") -false \) -prune -print0)

echo "total: $((total / 1024)) MiB $( [ $DRY -eq 1 ] && echo '(dry run)')"
