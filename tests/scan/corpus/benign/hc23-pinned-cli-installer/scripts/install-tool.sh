#!/usr/bin/env bash
# Install pinned, checksum-verified CLI tools into ./.tools/bin
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
LOCK="$HERE/tools.lock"
DEST="${TOOLS_DIR:-$PWD/.tools}/bin"

[[ $# -gt 0 ]] || { echo "usage: install-tool.sh <tool>..." >&2; exit 2; }

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64)  PLAT=linux-amd64 ;;
  Darwin-arm64)  PLAT=darwin-arm64 ;;
  *) echo "unsupported platform $(uname -s)-$(uname -m); supported: linux-amd64 darwin-arm64" >&2; exit 1 ;;
esac

sha256() {
  if command -v sha256sum >/dev/null; then sha256sum "$1" | cut -d' ' -f1; else shasum -a 256 "$1" | cut -d' ' -f1; fi
}

mkdir -p "$DEST"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

for tool in "$@"; do
  line="$(awk -v t="$tool" -v p="$PLAT" '$1==t && $3==p' "$LOCK")"
  [[ -n "$line" ]] || { echo "$tool: no lock entry for $PLAT" >&2; exit 1; }
  read -r _ version _ want url <<< "$line"
  url="${url//\{v\}/$version}"
  file="$work/$(basename "$url")"

  echo "==> $tool $version ($PLAT)"
  curl -fsSL --proto '=https' --tlsv1.2 -o "$file" "$url"

  got="$(sha256 "$file")"
  if [[ "$got" != "$want" ]]; then
    rm -f "$file"
    echo "checksum mismatch for $tool: expected $want, got $got" >&2
    exit 1
  fi
  echo "    sha256 ok"

  case "$file" in
    *.tar.gz) tar -xzf "$file" -C "$work" ;;
    *.tar.xz) tar -xJf "$file" -C "$work" ;;
    *) cp "$file" "$work/$tool" ;;
  esac
  bin="$(find "$work" -type f -name "$tool" | head -n1)"
  [[ -n "$bin" ]] || { echo "$tool binary not found in archive" >&2; exit 1; }
  install -m 0755 "$bin" "$DEST/$tool"
  echo "    installed $DEST/$tool"
done

echo "add to PATH: export PATH=\"$DEST:\$PATH\""
