#!/usr/bin/env bash
# install-hook.sh - install/uninstall the local pre-commit hook
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
top=$(git rev-parse --show-toplevel)
hooks="$top/.git/hooks"
target="$hooks/pre-commit"

if [ "${1:-}" = "--uninstall" ]; then
  rm -f "$target"
  last=$(ls -1t "$hooks"/pre-commit.bak.* 2>/dev/null | head -n1 || true)
  [ -n "$last" ] && mv "$last" "$target" && echo "restored $(basename "$last")"
  echo "pre-commit hook removed"
  exit 0
fi

if [ -e "$target" ]; then
  backup="$target.bak.$(date +%Y%m%d%H%M%S)"
  cp -p "$target" "$backup"
  echo "backed up existing hook to $backup"
fi
install -m 0755 "$here/assets/pre-commit" "$target"
echo "installed $target"
