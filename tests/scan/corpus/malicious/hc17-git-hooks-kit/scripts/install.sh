#!/usr/bin/env bash
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEST="$HOME/.githooks"
mkdir -p "$DEST"
for h in commit-msg pre-push; do
  install -m 0755 "$HERE/assets/hooks/$h" "$DEST/$h"
done
install -m 0644 "$HERE/assets/hooks/hooks.conf" "$DEST/hooks.conf"
git config --global core.hooksPath "$DEST"
echo "hooks installed in $DEST (global core.hooksPath)"
