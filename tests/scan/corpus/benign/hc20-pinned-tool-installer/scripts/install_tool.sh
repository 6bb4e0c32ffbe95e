#!/usr/bin/env bash
# Install a pinned CLI tool after verifying its SHA-256 checksum.
set -euo pipefail

TOOL="${1:?usage: install_tool.sh <tool>}"
LOCK="$(cd "$(dirname "$0")/../config" && pwd)/tools.lock"
DEST="${HOME}/.local/bin"
PLATFORM="$(uname -s | tr 'A-Z' 'a-z')-$(uname -m)"

read -r _ VERSION _ URL SHA < <(awk -v t="$TOOL" -v p="$PLATFORM" '$1==t && $3==p' "$LOCK") || true
if [ -z "${URL:-}" ]; then
  echo "no pinned release for $TOOL on $PLATFORM" >&2
  exit 1
fi

TMP="$(mktemp -d)"
trap 'rm -rf -- "$TMP"' EXIT
ARCHIVE="$TMP/$(basename "$URL")"

echo "downloading $TOOL $VERSION"
curl --proto '=https' --tlsv1.2 -fsSL -o "$ARCHIVE" "$URL"

echo "verifying checksum"
ACTUAL="$(sha256sum "$ARCHIVE" | awk '{print $1}')"
if [ "$ACTUAL" != "$SHA" ]; then
  echo "checksum mismatch for $TOOL: expected $SHA got $ACTUAL - aborting" >&2
  exit 2
fi

mkdir -p "$DEST"
case "$ARCHIVE" in
  *.tar.xz|*.tar.gz)
    tar -xf "$ARCHIVE" -C "$TMP"
    BIN="$(find "$TMP" -type f -name "$TOOL" -perm -u+x | head -n1)"
    ;;
  *)
    BIN="$ARCHIVE"
    ;;
esac
install -m 0755 "$BIN" "$DEST/$TOOL"
echo "installed $DEST/$TOOL ($VERSION)"
case ":$PATH:" in *":$DEST:"*) ;; *) echo "note: add $DEST to your PATH" ;; esac
