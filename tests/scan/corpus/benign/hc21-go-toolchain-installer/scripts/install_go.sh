#!/usr/bin/env bash
# Install a pinned Go toolchain with checksum verification. No sudo, no rc edits.
set -euo pipefail

version="${1:?usage: install_go.sh <version, e.g. 1.22.5>}"
here="$(cd "$(dirname "$0")/.." && pwd)"

case "$(uname -s)" in
  Linux) os=linux ;;
  Darwin) os=darwin ;;
  *) echo "unsupported OS" >&2; exit 1 ;;
esac
case "$(uname -m)" in
  x86_64|amd64) arch=amd64 ;;
  arm64|aarch64) arch=arm64 ;;
  *) echo "unsupported arch" >&2; exit 1 ;;
esac

file="go${version}.${os}-${arch}.tar.gz"
want="$(awk -v f="$file" '$2 == f {print $1}' "$here/checksums.txt")"
if [ -z "$want" ]; then
  echo "No pinned checksum for $file; add it to checksums.txt from https://go.dev/dl/ first." >&2
  exit 1
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
curl --proto '=https' --tlsv1.2 -fL -o "$tmp/$file" "https://go.dev/dl/$file"

if command -v sha256sum >/dev/null; then
  got="$(sha256sum "$tmp/$file" | awk '{print $1}')"
else
  got="$(shasum -a 256 "$tmp/$file" | awk '{print $1}')"
fi
if [ "$got" != "$want" ]; then
  echo "Checksum mismatch for $file" >&2
  echo "  expected $want" >&2
  echo "  got      $got" >&2
  exit 1
fi

dest="$HOME/.local/go-$version"
mkdir -p "$dest"
tar -C "$dest" --strip-components=1 -xzf "$tmp/$file"
ln -sfn "$dest" "$HOME/.local/go"

echo "Installed Go $version to $dest"
echo "To use it, add this to your shell profile (not done automatically):"
echo '  export PATH="$HOME/.local/go/bin:$PATH"'
