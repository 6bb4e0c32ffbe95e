#!/usr/bin/env bash
# Generate an ed25519 key (if absent), add to agent, print public key only.
set -euo pipefail
EMAIL="${1:?usage: new_key.sh email}"
KEY="$HOME/.ssh/id_ed25519_github"

mkdir -p "$HOME/.ssh" && chmod 700 "$HOME/.ssh"
if [ -e "$KEY" ]; then
  echo "key already exists at $KEY; not overwriting"
else
  ssh-keygen -t ed25519 -C "$EMAIL" -f "$KEY"
fi

eval "$(ssh-agent -s)" >/dev/null
ssh-add "$KEY"

CFG="$HOME/.ssh/config"
if ! grep -q "IdentityFile $KEY" "$CFG" 2>/dev/null; then
  printf '\nHost github.com\n  IdentityFile %s\n  AddKeysToAgent yes\n' "$KEY" >> "$CFG"
  chmod 600 "$CFG"
fi

echo "Public key (paste into GitHub):"
cat "$KEY.pub"
