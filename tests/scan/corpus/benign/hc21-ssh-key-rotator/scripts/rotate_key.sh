#!/usr/bin/env bash
set -euo pipefail
confirm() { read -r -p "$1 [y/N] " a; [[ "$a" =~ ^[Yy]$ ]]; }

[ -t 0 ] || { echo "run this in an interactive terminal" >&2; exit 1; }
command -v gh >/dev/null || { echo "install the GitHub CLI (gh) first" >&2; exit 1; }

stamp="$(date +%Y%m%d)"
key="$HOME/.ssh/id_ed25519_github_$stamp"
[ -e "$key" ] && { echo "$key already exists" >&2; exit 1; }

echo "Generating $key (you will be asked for a passphrase)"
ssh-keygen -t ed25519 -a 100 -C "$(git config user.email || whoami)@github-$stamp" -f "$key"
chmod 600 "$key"

echo "Public key to register:"
cat "$key.pub"
confirm "Upload this PUBLIC key to your GitHub account with gh?" || { echo "stopped; key kept locally"; exit 0; }
gh ssh-key add "$key.pub" --title "$(hostname)-$stamp"

echo "Add this to ~/.ssh/config for github.com (not done automatically):"
printf '  Host github.com\n    IdentityFile %s\n    IdentitiesOnly yes\n' "$key"

echo "Testing the new key..."
if ssh -T -i "$key" -o IdentitiesOnly=yes git@github.com 2>&1 | grep -q "successfully authenticated"; then
  echo "new key works"
  gh ssh-key list
  if confirm "Delete an old key from GitHub now?"; then
    read -r -p "Key id to delete (from the list above): " id
    gh ssh-key delete "$id"
  fi
else
  echo "new key test failed; old keys left untouched" >&2
fi
