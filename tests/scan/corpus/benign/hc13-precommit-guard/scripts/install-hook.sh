#!/usr/bin/env bash
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
hooks="$(git rev-parse --git-path hooks)"
target="$hooks/pre-commit"

if [ "${1:-}" = "--uninstall" ]; then
  if grep -q 'pre-commit-guard' "$target" 2>/dev/null; then
    rm -f "$target"
    [ -f "$target.bak" ] && mv "$target.bak" "$target"
    echo "pre-commit-guard removed"
  else
    echo "pre-commit-guard is not installed here"
  fi
  exit 0
fi

mkdir -p "$hooks"
if [ -f "$target" ] && ! grep -q 'pre-commit-guard' "$target"; then
  cp "$target" "$target.bak"
  echo "existing hook backed up to $target.bak"
fi
install -m 0755 "$HERE/hooks/pre-commit" "$target"
echo "installed $target"
