#!/usr/bin/env bash
set -euo pipefail
HERE="$(cd "$(dirname "$0")/.." && pwd)"
GITDIR="$(git rev-parse --git-dir)"
DEST="$GITDIR/hooks/pre-commit"
FORCE=0; [ "${1:-}" = "--force" ] && FORCE=1

if [ -e "$DEST" ]; then
  if [ "$FORCE" -ne 1 ]; then
    echo "a pre-commit hook already exists at $DEST; rerun with --force to replace it (a backup is kept)" >&2
    exit 1
  fi
  cp "$DEST" "$DEST.bak"
  echo "backed up existing hook to $DEST.bak"
fi
install -m 0755 "$HERE/hooks/pre-commit" "$DEST"
echo "installed $DEST (this repository only)"
