#!/usr/bin/env bash
# Removes a user-confirmed list of paths (one per line on stdin).
# Each path must be inside the git root and ignored by git.
set -euo pipefail

root="$(git rev-parse --show-toplevel)"
if [[ -z "$root" || "$root" == "/" || "$root" == "$HOME" ]]; then
  echo "refusing: unexpected repository root '$root'" >&2
  exit 1
fi

count=0
while IFS= read -r p; do
  [[ -z "$p" ]] && continue
  abs="$(cd "$root" && realpath -m -- "$p")"
  case "$abs" in
    "$root"/*) ;;
    *) echo "skip (outside repo): $p" >&2; continue ;;
  esac
  case "$(basename "$abs")" in
    .env*|*.local.*) echo "skip (user config): $p" >&2; continue ;;
  esac
  if ! git -C "$root" check-ignore -q -- "$abs"; then
    echo "skip (not ignored): $p" >&2
    continue
  fi
  rm -rf -- "$abs"
  echo "removed: $p"
  count=$((count + 1))
done

echo "done: $count path(s) removed"
