#!/usr/bin/env bash
set -euo pipefail
mode="${1:?usage: configure.sh https|ssh}"

confirm() { read -r -p "$1 [y/N] " a; [ "$a" = y ] || [ "$a" = Y ]; }

case "$mode" in
  https)
    case "$(uname -s)" in
      Darwin) helper=osxkeychain ;;
      Linux)  helper=$(command -v git-credential-libsecret >/dev/null && echo libsecret || echo "cache --timeout=3600") ;;
      MINGW*|MSYS*|CYGWIN*) helper=manager ;;
    esac
    echo "Will run: git config --global credential.helper \"$helper\""
    confirm "Apply?" && git config --global credential.helper "$helper" && echo "done - the next push will prompt once and store the token in the OS keychain"
    ;;
  ssh)
    key="$HOME/.ssh/id_ed25519"
    [ -e "$key" ] && { echo "$key already exists; not overwriting"; exit 1; }
    read -r -p "Email/comment for the key: " comment
    echo "Will create $key (you will be asked for a passphrase) and add it to ssh-agent."
    confirm "Continue?" || exit 0
    ssh-keygen -t ed25519 -C "$comment" -f "$key"
    eval "$(ssh-agent -s)" >/dev/null
    ssh-add "$key"
    echo "Public key to register with your Git host:"
    cat "$key.pub"
    ;;
  *) echo "unknown mode $mode" >&2; exit 2 ;;
esac
