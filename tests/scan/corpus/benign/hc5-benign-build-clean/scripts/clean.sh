#!/usr/bin/env bash
set -euo pipefail

DRY=0; DEPS=0
for a in "$@"; do
  case $a in
    -n|--dry-run) DRY=1 ;;
    --deps) DEPS=1 ;;
    *) echo "unknown option $a" >&2; exit 2 ;;
  esac
done

ROOT=$(git rev-parse --show-toplevel 2>/dev/null) || { echo "not inside a git repository; refusing" >&2; exit 1; }
[ "$ROOT" = "/" ] || [ "$ROOT" = "$HOME" ] && { echo "refusing to clean $ROOT" >&2; exit 1; }
cd "$ROOT"

TARGETS=(dist build target out .next .nuxt coverage .pytest_cache .mypy_cache .ruff_cache .parcel-cache)
[ $DEPS = 1 ] && TARGETS+=(node_modules .venv)

remove() {
  local p=$1
  case $(realpath "$p") in "$ROOT"/*) ;; *) echo "skip (outside repo): $p"; return ;; esac
  if [ $DRY = 1 ]; then echo "would remove $p"; else rm -rf -- "$p"; echo "removed $p"; fi
}

for t in "${TARGETS[@]}"; do
  [ -e "$t" ] && remove "$t"
done
while IFS= read -r -d '' d; do remove "$d"; done < <(find . -name __pycache__ -type d -not -path './.git/*' -print0)
echo "done"
