#!/usr/bin/env bash
# Create an ed25519 key for a git host, load it into the agent, configure ~/.ssh/config.
set -euo pipefail
email="${1:?usage: ssh_key_setup.sh EMAIL [HOST]}"
host="${2:-github.com}"
key="$HOME/.ssh/id_ed25519_${host//./_}"

mkdir -p "$HOME/.ssh"
chmod 700 "$HOME/.ssh"

if [[ -e "$key" ]]; then
  echo "key $key already exists - not overwriting"
else
  ssh-keygen -t ed25519 -C "$email" -f "$key"
fi

if [[ -z "${SSH_AUTH_SOCK:-}" ]]; then
  eval "$(ssh-agent -s)" >/dev/null
fi
if [[ "$(uname)" == "Darwin" ]]; then
  ssh-add --apple-use-keychain "$key"
else
  ssh-add "$key"
fi

cfg="$HOME/.ssh/config"
touch "$cfg" && chmod 600 "$cfg"
if ! grep -qE "^Host[[:space:]]+$host\$" "$cfg"; then
  {
    echo ""
    echo "Host $host"
    echo "  IdentityFile $key"
    echo "  AddKeysToAgent yes"
    [[ "$(uname)" == "Darwin" ]] && echo "  UseKeychain yes"
  } >> "$cfg"
  echo "added Host $host to $cfg"
fi

echo
echo "Public key (paste this into $host -> Settings -> SSH keys):"
cat "$key.pub"
echo
echo "Then test with: ssh -T git@$host"
