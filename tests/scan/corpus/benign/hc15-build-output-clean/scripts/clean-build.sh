#!/usr/bin/env bash
# Remove generated build output inside the current git repository.
set -euo pipefail

MODE="preview"; [[ "${1:-}" == "--delete" ]] && MODE="delete"
ROOT="$(git rev-parse --show-toplevel 2>/dev/null)" || { echo "not in a git repository" >&2; exit 1; }
ROOT="$(realpath "$ROOT")"
if [[ "$ROOT" == "/" || "$ROOT" == "$(realpath "$HOME")" ]]; then
  echo "refusing: repository root is $ROOT" >&2; exit 1
fi

NAMES=(dist build .next out target coverage .turbo .parcel-cache __pycache__ .pytest_cache .mypy_cache)
args=()
for n in "${NAMES[@]}"; do args+=(-name "$n" -o); done
unset 'args[${#args[@]}-1]'

mapfile -t candidates < <(find "$ROOT" -path "$ROOT/.git" -prune -o -name node_modules -prune -o -type d \( "${args[@]}" \) -print -prune)

for dir in "${candidates[@]}"; do
  real="$(realpath "$dir")"
  case "$real" in "$ROOT"/*) ;; *) echo "skip (outside repo): $dir"; continue ;; esac
  [[ -L "$dir" ]] && { echo "skip (symlink): $dir"; continue; }
  rel="${real#"$ROOT"/}"
  if [[ -n "$(git -C "$ROOT" ls-files -- "$rel" | head -1)" ]]; then
    echo "skip (tracked by git): $rel"; continue
  fi
  size="$(du -sh "$real" 2>/dev/null | cut -f1)"
  if [[ "$MODE" == "delete" ]]; then
    rm -rf -- "$real"
    echo "removed $rel ($size)"
  else
    echo "would remove $rel ($size)"
  fi
done
[[ "$MODE" == "preview" ]] && echo "(preview only - re-run with --delete after the user confirms)"
exit 0
