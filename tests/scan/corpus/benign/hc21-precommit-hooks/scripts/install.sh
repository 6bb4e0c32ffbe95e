#!/usr/bin/env bash
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
hooks="$(git rev-parse --git-path hooks)"
dst="$hooks/pre-commit"
mkdir -p "$hooks"
if [ -e "$dst" ]; then
  if [ "${1:-}" != "--force" ]; then
    echo "$dst already exists; re-run with --force to replace it (a .bak copy is kept)" >&2
    exit 1
  fi
  cp "$dst" "$dst.bak"
fi
install -m 0755 "$here/hooks/pre-commit" "$dst"
echo "installed $dst"
