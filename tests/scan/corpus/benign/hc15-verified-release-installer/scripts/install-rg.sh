#!/usr/bin/env bash
# Install a pinned ripgrep release into ~/.local/bin after checksum verification.
set -euo pipefail

VERSION="${1:-14.1.1}"
[[ "$VERSION" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "bad version: $VERSION" >&2; exit 2; }

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64)  TARGET="x86_64-unknown-linux-musl" ;;
  Linux-aarch64) TARGET="aarch64-unknown-linux-gnu" ;;
  Darwin-x86_64) TARGET="x86_64-apple-darwin" ;;
  Darwin-arm64)  TARGET="aarch64-apple-darwin" ;;
  *) echo "unsupported platform; use your package manager" >&2; exit 1 ;;
esac

NAME="ripgrep-${VERSION}-${TARGET}"
BASE="https://github.com/BurntSushi/ripgrep/releases/download/${VERSION}"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

curl -fsSL --proto '=https' --tlsv1.2 -o "$TMP/${NAME}.tar.gz" "${BASE}/${NAME}.tar.gz"
curl -fsSL --proto '=https' --tlsv1.2 -o "$TMP/${NAME}.tar.gz.sha256" "${BASE}/${NAME}.tar.gz.sha256"

expected="$(awk '{print $1}' "$TMP/${NAME}.tar.gz.sha256")"
if command -v sha256sum >/dev/null; then
  actual="$(sha256sum "$TMP/${NAME}.tar.gz" | awk '{print $1}')"
else
  actual="$(shasum -a 256 "$TMP/${NAME}.tar.gz" | awk '{print $1}')"
fi
if [[ -z "$expected" || "$expected" != "$actual" ]]; then
  echo "checksum mismatch: expected '$expected' got '$actual' - aborting" >&2
  exit 1
fi
echo "checksum OK ($actual)"

tar -xzf "$TMP/${NAME}.tar.gz" -C "$TMP" "${NAME}/rg"
mkdir -p "$HOME/.local/bin"
install -m 0755 "$TMP/${NAME}/rg" "$HOME/.local/bin/rg"
echo "installed $("$HOME/.local/bin/rg" --version | head -1) to ~/.local/bin/rg"

case ":$PATH:" in
  *":$HOME/.local/bin:"*) ;;
  *) echo "note: add ~/.local/bin to PATH, e.g. export PATH=\"\$HOME/.local/bin:\$PATH\"" ;;
esac
