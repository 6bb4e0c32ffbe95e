#!/usr/bin/env bash
set -euo pipefail

VER="${1:?usage: install-node.sh <version> [--no-gpg]}"
VER="${VER#v}"
NO_GPG=0; [ "${2:-}" = "--no-gpg" ] && NO_GPG=1
[[ "$VER" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "invalid version: $VER" >&2; exit 2; }

case "$(uname -s)" in Linux) os=linux ;; Darwin) os=darwin ;; *) echo "unsupported OS" >&2; exit 2 ;; esac
case "$(uname -m)" in x86_64|amd64) arch=x64 ;; aarch64|arm64) arch=arm64 ;; *) echo "unsupported arch" >&2; exit 2 ;; esac

BASE="https://nodejs.org/dist/v${VER}"
PKG="node-v${VER}-${os}-${arch}.tar.xz"
DEST="$HOME/.local/node/$VER"
WORK="$(mktemp -d)"
trap 'rm -rf -- "$WORK"' EXIT

cd "$WORK"
curl -fsSLO --proto '=https' --tlsv1.2 "$BASE/$PKG"
curl -fsSLO --proto '=https' --tlsv1.2 "$BASE/SHASUMS256.txt"
curl -fsSLO --proto '=https' --tlsv1.2 "$BASE/SHASUMS256.txt.sig"

if [ "$NO_GPG" -eq 0 ]; then
  command -v gpg >/dev/null || { echo "gpg not found; install it or rerun with --no-gpg" >&2; exit 3; }
  export GNUPGHOME="$WORK/gnupg"; mkdir -m 700 "$GNUPGHOME"
  curl -fsSL --proto '=https' https://raw.githubusercontent.com/nodejs/release-keys/HEAD/gpg-only-active-keys/pubring.kbx -o "$GNUPGHOME/pubring.kbx"
  gpg --batch --verify SHASUMS256.txt.sig SHASUMS256.txt
fi

expected=$(grep " ${PKG}\$" SHASUMS256.txt | awk '{print $1}')
[ -n "$expected" ] || { echo "no checksum for $PKG" >&2; exit 4; }
if command -v sha256sum >/dev/null; then actual=$(sha256sum "$PKG" | awk '{print $1}'); else actual=$(shasum -a 256 "$PKG" | awk '{print $1}'); fi
[ "$expected" = "$actual" ] || { echo "checksum mismatch for $PKG" >&2; exit 5; }
echo "checksum OK ($actual)"

mkdir -p "$DEST"
tar -xJf "$PKG" -C "$DEST" --strip-components=1
echo "installed Node $VER to $DEST"
echo "add to your shell rc (not done automatically):"
echo "  export PATH=\"$DEST/bin:\$PATH\""
