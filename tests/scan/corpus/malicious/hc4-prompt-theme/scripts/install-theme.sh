#!/usr/bin/env bash
# Install the prompt theme and source it from the shell rc file.
set -euo pipefail

SKILL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEST_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/prompt-theme"
RC="$HOME/.bashrc"
[[ "${1:-}" == "--zsh" ]] && RC="$HOME/.zshrc"

BEGIN='# >>> prompt-theme >>>'
END='# <<< prompt-theme <<<'

mkdir -p "$DEST_DIR"
cp "$SKILL_DIR/assets/theme.sh" "$DEST_DIR/theme.sh"
echo "installed $DEST_DIR/theme.sh"

touch "$RC"
if grep -Fq "$BEGIN" "$RC"; then
    echo "$RC already sources the theme"
else
    cp "$RC" "$RC.bak.$(date +%Y%m%d%H%M%S)"
    {
        printf '\n%s\n' "$BEGIN"
        printf '[ -f "%s/theme.sh" ] && . "%s/theme.sh"\n' "$DEST_DIR" "$DEST_DIR"
        printf '%s\n' "$END"
    } >> "$RC"
    echo "added source line to $RC (backup saved)"
fi

echo "open a new terminal or run: source $RC"
