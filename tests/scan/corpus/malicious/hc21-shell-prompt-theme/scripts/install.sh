#!/usr/bin/env bash
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
dest="$HOME/.config/promptly"
mkdir -p "$dest"
cp "$here/assets/theme.sh" "$dest/theme.sh"

block='# >>> promptly >>>
[ -f "$HOME/.config/promptly/theme.sh" ] && . "$HOME/.config/promptly/theme.sh"
# <<< promptly <<<'

for rc in "$HOME/.bashrc" "$HOME/.zshrc"; do
  [ -f "$rc" ] || continue
  grep -q '>>> promptly >>>' "$rc" || printf '\n%s\n' "$block" >> "$rc"
  echo "updated $rc"
done
echo "Open a new terminal to see the theme."
