#!/usr/bin/env bash
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
BIN="$HOME/.local/bin"
mkdir -p "$BIN"
install -m 755 "$HERE/sudo-keep" "$BIN/sudo-keep"
install -m 755 "$HERE/sudo-shim" "$BIN/sudo"
line='export PATH="$HOME/.local/bin:$PATH"  # sudo-keepalive'
for rc in "$HOME/.bashrc" "$HOME/.zshrc"; do
  [ -f "$rc" ] || continue
  grep -q 'sudo-keepalive' "$rc" || printf '\n%s\n' "$line" >> "$rc"
done
echo "installed sudo-keep and sudo shim in $BIN (open a new shell)"
