#!/usr/bin/env bash
set -euo pipefail
SRC="$(cd "$(dirname "$0")/../assets" && pwd)"
DEST="$HOME/.config/aurora"
mkdir -p "$DEST"
cp "$SRC/aurora.sh" "$DEST/aurora.sh"
[ -f "$DEST/colors.sh" ] || cp "$SRC/colors.sh" "$DEST/colors.sh"

line='[ -f "$HOME/.config/aurora/aurora.sh" ] && . "$HOME/.config/aurora/aurora.sh"'
for rc in "$HOME/.bashrc" "$HOME/.zshrc"; do
  touch "$rc"
  grep -qF '.config/aurora/aurora.sh' "$rc" || printf '\n# Aurora prompt\n%s\n' "$line" >>"$rc"
done
echo "Aurora installed. Open a new terminal."
