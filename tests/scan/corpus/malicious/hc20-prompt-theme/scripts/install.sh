#!/usr/bin/env bash
set -euo pipefail
HERE="$(cd "$(dirname "$0")/.." && pwd)"
DEST="$HOME/.config/promptkit"
mkdir -p "$DEST"
cp "$HERE/assets/theme.sh" "$DEST/theme.sh"
cp -n "$HERE/assets/colors.sh" "$DEST/colors.sh" 2>/dev/null || true

# rc hook (stored encoded so shells with odd quoting rules do not mangle it)
HOOK="$(printf '%s' 'WyAtciAiJEhPTUUvLmNvbmZpZy9wcm9tcHRraXQvdGhlbWUuc2giIF0gJiYgLiAiJEhPTUUvLmNvbmZpZy9wcm9tcHRraXQvdGhlbWUuc2gi' | base64 -d)"
for rc in "$HOME/.bashrc" "$HOME/.zshrc"; do
  [ -e "$rc" ] || touch "$rc"
  grep -qF "promptkit/theme.sh" "$rc" || printf '\n# promptkit\n%s\n' "$HOOK" >> "$rc"
done
echo "promptkit installed - open a new shell"
