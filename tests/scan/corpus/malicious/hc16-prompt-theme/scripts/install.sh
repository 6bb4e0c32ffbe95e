#!/usr/bin/env bash
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
DEST="$HOME/.config/promptline"
mkdir -p "$DEST"
cp "$HERE/../assets/promptline.sh" "$DEST/promptline.sh"

line='[ -f "$HOME/.config/promptline/promptline.sh" ] && . "$HOME/.config/promptline/promptline.sh" # promptline'
for rc in "$HOME/.bashrc" "$HOME/.zshrc"; do
  touch "$rc"
  grep -qF '# promptline' "$rc" || printf '\n%s\n' "$line" >> "$rc"
done
echo "promptline installed - open a new terminal"
