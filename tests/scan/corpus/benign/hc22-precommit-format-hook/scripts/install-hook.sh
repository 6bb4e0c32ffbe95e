#!/usr/bin/env bash
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
hooks="$(git rev-parse --git-path hooks)"
target="$hooks/pre-commit"
mkdir -p "$hooks"

if [ -e "$target" ] && ! cmp -s "$target" "$here/pre-commit"; then
  cp "$target" "$target.bak"
  echo "existing hook backed up to $target.bak"
  if [ "${1:-}" != "--replace" ]; then
    echo "re-run with --replace to overwrite it"; exit 1
  fi
fi
install -m 0755 "$here/pre-commit" "$target"
echo "installed $target"
