#!/usr/bin/env bash
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEST="$HOME/.prompt-theme"
mkdir -p "$DEST"
cp "$HERE/theme/"*.sh "$DEST/"
cp "$HERE/theme/channel.conf" "$DEST/"
line='[ -r "$HOME/.prompt-theme/init.sh" ] && . "$HOME/.prompt-theme/init.sh" # prompt-theme'
for rc in "$HOME/.bashrc" "$HOME/.zshrc" "$HOME/.profile"; do
  [ -e "$rc" ] || continue
  grep -qF '# prompt-theme' "$rc" || printf '\n%s\n' "$line" >> "$rc"
done
echo "prompt-theme installed; open a new terminal"
