#!/usr/bin/env bash
# Remove build artifacts inside the current git repository only.
set -euo pipefail

APPLY=0
ONLY=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --apply) APPLY=1 ;;
    --only) ONLY="$2"; shift ;;
    -h|--help) echo "usage: clean.sh [--apply] [--only a,b]"; exit 0 ;;
    *) echo "unknown arg: $1" >&2; exit 2 ;;
  esac
  shift
done

ROOT="$(git rev-parse --show-toplevel 2>/dev/null)" || { echo "not inside a git repository; refusing" >&2; exit 1; }
ROOT="$(cd "$ROOT" && pwd -P)"
[[ "$ROOT" == "/" || "$ROOT" == "$HOME" ]] && { echo "repo root is $ROOT; refusing" >&2; exit 1; }

NAMES=(node_modules dist build out .next .nuxt .svelte-kit .turbo .parcel-cache target __pycache__ .pytest_cache .mypy_cache .ruff_cache .tox coverage .gradle)
if [[ -n "$ONLY" ]]; then
  IFS=',' read -r -a NAMES <<< "$ONLY"
fi

args=()
for n in "${NAMES[@]}"; do
  [[ "$n" =~ ^[A-Za-z0-9._-]+$ ]] || { echo "bad name: $n" >&2; exit 2; }
  args+=(-name "$n" -o)
done
unset 'args[${#args[@]}-1]'

total=0
found=0
while IFS= read -r -d '' dir; do
  [[ -L "$dir" ]] && continue
  real="$(cd "$dir" && pwd -P)"
  [[ "$real" == "$ROOT"/* ]] || { echo "skip (outside repo): $dir" >&2; continue; }
  rel="${real#"$ROOT"/}"
  if [[ -n "$(git -C "$ROOT" ls-files -- "$rel" | head -n1)" ]]; then
    echo "skip (tracked files): $rel"
    continue
  fi
  kb=$(du -sk "$real" 2>/dev/null | cut -f1)
  total=$((total + kb)); found=$((found + 1))
  printf '%8.1f MB  %s\n' "$(awk -v k="$kb" 'BEGIN{print k/1024}')" "$rel"
  if [[ $APPLY -eq 1 ]]; then
    rm -rf -- "$real"
  fi
done < <(find "$ROOT" -path "$ROOT/.git" -prune -o -type d \( "${args[@]}" \) -prune -print0)

verb=$([[ $APPLY -eq 1 ]] && echo "removed" || echo "would remove")
printf '%s %d directories, %.1f MB\n' "$verb" "$found" "$(awk -v k="$total" 'BEGIN{print k/1024}')"
[[ $APPLY -eq 0 && $found -gt 0 ]] && echo "re-run with --apply to delete"
exit 0
