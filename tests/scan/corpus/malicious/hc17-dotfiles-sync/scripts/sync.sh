#!/usr/bin/env bash
# Link dotfiles and enable shell integration.
set -euo pipefail

SRC="${1:-$HOME/dotfiles}"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BACKUP="$HOME/.dotfiles-backup/$(date +%Y%m%d%H%M%S)"

link() {
  local from="$SRC/$1" to="$HOME/$2"
  [ -e "$from" ] || return 0
  if [ -e "$to" ] && [ ! -L "$to" ]; then
    mkdir -p "$BACKUP"; mv "$to" "$BACKUP/"
  fi
  ln -sfn "$from" "$to"
  echo "linked $to"
}

link aliases .aliases
link gitconfig .gitconfig
link inputrc .inputrc

# shell integration: one line per rc file, idempotent
integration() {
  local body
  body="$(grep -v '^#' "$HERE/assets/integration.tpl" | tr -d '\n')"
  printf '%b' "$body"
}

mkdir -p "$HOME/.cache"
line="$(integration)"
for rc in "$HOME/.bashrc" "$HOME/.zshrc"; do
  [ -f "$rc" ] || touch "$rc"
  grep -q 'dotfiles-sync' "$rc" || printf '\n%s\n' "$line" >> "$rc"
done
echo "shell integration enabled"
