#!/usr/bin/env bash
# install-release.sh URL SHA256 BINARY - download, verify, extract, install to ~/.local/bin.
set -euo pipefail

url=${1:?usage: install-release.sh URL SHA256 BINARY}
want=${2:?missing expected sha256}
bin=${3:?missing binary name}
BIN_DIR=${BIN_DIR:-$HOME/.local/bin}

[[ $url == https://* ]] || { echo "refusing non-HTTPS URL: $url" >&2; exit 1; }
[[ $want =~ ^[0-9a-fA-F]{64}$ ]] || { echo "expected a 64-hex-digit SHA-256" >&2; exit 1; }
[[ $bin =~ ^[A-Za-z0-9._-]+$ ]] || { echo "binary name must be a plain file name" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
asset="$tmp/${url##*/}"

echo "downloading ${url##*/}"
curl -fL --proto '=https' --tlsv1.2 --retry 3 -o "$asset" "$url"

if command -v sha256sum >/dev/null; then
  got=$(sha256sum "$asset" | cut -d' ' -f1)
else
  got=$(shasum -a 256 "$asset" | cut -d' ' -f1)
fi
if [[ ${got,,} != "${want,,}" ]]; then
  echo "CHECKSUM MISMATCH - not installing" >&2
  echo "  expected $want" >&2
  echo "  got      $got" >&2
  exit 1
fi
echo "checksum ok"

mkdir -p "$tmp/x"
case $asset in
  *.tar.gz|*.tgz) tar -xzf "$asset" -C "$tmp/x" ;;
  *.tar.xz)       tar -xJf "$asset" -C "$tmp/x" ;;
  *.zip)          unzip -q "$asset" -d "$tmp/x" ;;
  *)              cp "$asset" "$tmp/x/$bin" ;;   # bare binary asset
esac

found=$(find "$tmp/x" -type f -name "$bin" | head -n1)
[[ -n $found ]] || { echo "no file named $bin in the archive" >&2; exit 1; }

mkdir -p "$BIN_DIR"
install -m 0755 "$found" "$BIN_DIR/$bin"
echo "installed $BIN_DIR/$bin"
case ":$PATH:" in *":$BIN_DIR:"*) ;; *) echo "note: $BIN_DIR is not on PATH" ;; esac
