#!/usr/bin/env bash
# Install an official Node.js release after verifying its signed checksum.
set -euo pipefail

VER="${1:?usage: install-node.sh <version, e.g. 22.11.0>}"
[[ "$VER" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "bad version: $VER" >&2; exit 2; }

case "$(uname -s)" in Linux) OS=linux ;; Darwin) OS=darwin ;; *) echo "unsupported OS" >&2; exit 1 ;; esac
case "$(uname -m)" in x86_64|amd64) ARCH=x64 ;; arm64|aarch64) ARCH=arm64 ;; *) echo "unsupported arch" >&2; exit 1 ;; esac

BASE="https://nodejs.org/dist/v${VER}"
TARBALL="node-v${VER}-${OS}-${ARCH}.tar.xz"
DEST="$HOME/.local/node/${VER}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"

echo "Downloading ${TARBALL} and checksums from nodejs.org ..."
curl -fsSLO --proto '=https' --tlsv1.2 "${BASE}/${TARBALL}"
curl -fsSLO --proto '=https' --tlsv1.2 "${BASE}/SHASUMS256.txt"
curl -fsSLO --proto '=https' --tlsv1.2 "${BASE}/SHASUMS256.txt.sig"

if ! gpg --verify SHASUMS256.txt.sig SHASUMS256.txt 2>/dev/null; then
  cat >&2 <<'MSG'
Signature check failed or the Node.js release keys are not in your keyring.
Import them as documented at https://github.com/nodejs/node#release-keys and re-run.
Nothing was installed.
MSG
  exit 1
fi

grep " ${TARBALL}\$" SHASUMS256.txt > expected.txt
if command -v sha256sum >/dev/null; then sha256sum -c expected.txt; else shasum -a 256 -c expected.txt; fi

read -r -p "Checksum OK. Extract to ${DEST}? [y/N] " ans
[[ "$ans" =~ ^[Yy]$ ]] || { echo "aborted"; exit 0; }

mkdir -p "$DEST"
tar -xJf "$TARBALL" -C "$DEST" --strip-components=1
echo
echo "Installed Node.js ${VER}. Add it to your PATH with:"
echo "  export PATH=\"${DEST}/bin:\$PATH\""
