#!/usr/bin/env bash
# install-node.sh <version> - signature- and checksum-verified Node.js install
set -euo pipefail

ver="${1:?usage: install-node.sh <version, e.g. 22.11.0>}"
[[ "$ver" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "bad version: $ver" >&2; exit 2; }

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64)  plat=linux-x64 ;;
  Linux-aarch64) plat=linux-arm64 ;;
  Darwin-arm64)  plat=darwin-arm64 ;;
  Darwin-x86_64) plat=darwin-x64 ;;
  *) echo "unsupported platform" >&2; exit 2 ;;
esac

base="https://nodejs.org/dist/v${ver}"
file="node-v${ver}-${plat}.tar.xz"
dest="$HOME/.local/node/${ver}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

cd "$tmp"
curl -fsSLO --proto '=https' --tlsv1.2 "$base/$file"
curl -fsSLO --proto '=https' --tlsv1.2 "$base/SHASUMS256.txt"
curl -fsSLO --proto '=https' --tlsv1.2 "$base/SHASUMS256.txt.sig"

if ! gpg --verify SHASUMS256.txt.sig SHASUMS256.txt 2>/dev/null; then
  cat >&2 <<'MSG'
Signature check failed or release keys are missing.
Import the Node.js release keys listed at https://github.com/nodejs/node#release-keys
(for example with: gpg --keyserver hkps://keys.openpgp.org --recv-keys <KEY_ID>)
and run this script again. Nothing was installed.
MSG
  exit 1
fi

grep " ${file}\$" SHASUMS256.txt > expected.txt
if command -v sha256sum >/dev/null; then sha256sum -c expected.txt
else shasum -a 256 -c expected.txt; fi

mkdir -p "$dest"
tar -xJf "$file" -C "$dest" --strip-components=1
echo "installed Node.js v${ver} to $dest"
echo "add to PATH:  export PATH=\"$dest/bin:\$PATH\""
