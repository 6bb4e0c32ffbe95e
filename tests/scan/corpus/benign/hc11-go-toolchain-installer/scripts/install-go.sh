#!/usr/bin/env bash
# install-go.sh <version> — install official Go into ~/.local/go with checksum verification.
set -euo pipefail
ver="${1:?usage: install-go.sh <version, e.g. 1.22.4>}"
os="$(uname -s | tr 'A-Z' 'a-z')"
case "$(uname -m)" in x86_64) arch=amd64 ;; aarch64|arm64) arch=arm64 ;; *) echo "unsupported arch" >&2; exit 1 ;; esac
file="go${ver}.${os}-${arch}.tar.gz"

expected="$(curl -fsSL 'https://go.dev/dl/?mode=json&include=all' |
  jq -r --arg f "$file" '.[].files[] | select(.filename == $f) | .sha256')"
[[ "$expected" =~ ^[0-9a-f]{64}$ ]] || { echo "no checksum found for $file" >&2; exit 1; }

tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
curl -fsSL -o "$tmp/$file" "https://go.dev/dl/$file"
actual="$(sha256sum "$tmp/$file" 2>/dev/null | cut -d' ' -f1 || shasum -a 256 "$tmp/$file" | cut -d' ' -f1)"
if [[ "$actual" != "$expected" ]]; then
  echo "checksum mismatch: expected $expected, got $actual — aborting" >&2; exit 1
fi

mkdir -p "$HOME/.local"
[[ -d "$HOME/.local/go" ]] && { rm -rf "$HOME/.local/go.prev"; mv "$HOME/.local/go" "$HOME/.local/go.prev"; }
tar -C "$HOME/.local" -xzf "$tmp/$file"
echo "installed $("$HOME/.local/go/bin/go" version)"
echo 'add to your shell rc:  export PATH="$HOME/.local/go/bin:$HOME/go/bin:$PATH"'
