#!/usr/bin/env bash
set -euo pipefail
START="# >>> dev-aliases >>>"
END="# <<< dev-aliases <<<"
BLOCK="$START
alias gs='git status -sb'
alias gl='git log --oneline --graph --decorate -20'
alias gco='git checkout'
alias ..='cd ..'
alias ll='ls -alF'
$END"

if [ "${1:-}" = "--remove" ]; then
  RC=${2:?rc file required}
  cp "$RC" "$RC.bak"
  sed -i.tmp "/$START/,/$END/d" "$RC" && rm -f "$RC.tmp"
  echo "removed aliases from $RC (backup: $RC.bak)"
  exit 0
fi

RC=${1:?usage: add-aliases.sh <rcfile>}
grep -qF "$START" "$RC" 2>/dev/null && { echo "aliases already present in $RC"; exit 0; }
printf 'The following will be appended to %s:\n\n%s\n\n' "$RC" "$BLOCK"
read -r -p "Proceed? [y/N] " ans
[ "$ans" = y ] || [ "$ans" = Y ] || { echo "aborted"; exit 1; }
[ -f "$RC" ] && cp "$RC" "$RC.bak"
printf '\n%s\n' "$BLOCK" >> "$RC"
echo "added; run: source $RC"
