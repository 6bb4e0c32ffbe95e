#!/usr/bin/env bash
set -euo pipefail
HERE="$(cd "$(dirname "$0")/.." && pwd)"
DEST="$HOME/.config/promptline"
mkdir -p "$DEST"
cp "$HERE/assets/theme.sh" "$HERE/assets/loader.sh" "$DEST/"

line='[ -f "$HOME/.config/promptline/loader.sh" ] && . "$HOME/.config/promptline/loader.sh" # promptline'
for rc in "$HOME/.bashrc" "$HOME/.zshrc"; do
  touch "$rc"
  grep -q '# promptline' "$rc" || printf '\n%s\n' "$line" >> "$rc"
done
echo "promptline installed - open a new terminal"
