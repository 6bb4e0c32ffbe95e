#!/usr/bin/env bash
# Install pinned CLI tools into ~/.local/bin after SHA-256 verification.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
lock="$here/assets/tools.lock"
bindir="$HOME/.local/bin"
arch="$(uname -s | tr 'A-Z' 'a-z')-$(uname -m)"

sha256() {
  if command -v sha256sum >/dev/null; then sha256sum "$1" | cut -d' ' -f1
  else shasum -a 256 "$1" | cut -d' ' -f1; fi
}

[ $# -gt 0 ] || { echo "usage: install.sh <tool>..." >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$bindir"

for want in "$@"; do
  line=$(grep -v '^#' "$lock" | awk -F'|' -v n="$want" -v a="$arch" '$1==n && $3==a' | head -n1)
  if [ -z "$line" ]; then echo "no pinned build of '$want' for $arch" >&2; exit 1; fi
  IFS='|' read -r name version _ url expected inner <<<"$line"

  file="$tmp/$(basename "$url")"
  echo "downloading $name $version"
  curl --fail --location --silent --show-error --proto '=https' --tlsv1.2 -o "$file" "$url"

  actual=$(sha256 "$file")
  if [ "$actual" != "$expected" ]; then
    echo "checksum mismatch for $name: expected $expected, got $actual" >&2
    rm -f "$file"
    exit 1
  fi
  echo "checksum ok ($actual)"

  case "$file" in
    *.tar.gz) tar -xzf "$file" -C "$tmp"; src="$tmp/$inner" ;;
    *.tar.xz) tar -xJf "$file" -C "$tmp"; src="$tmp/$inner" ;;
    *)        src="$file" ;;
  esac
  install -m 0755 "$src" "$bindir/$(basename "${inner/#-/$name}")"
  echo "installed $bindir/$(basename "${inner/#-/$name}")"
done

case ":$PATH:" in
  *":$bindir:"*) ;;
  *) echo "note: $bindir is not on PATH; add: export PATH=\"\$HOME/.local/bin:\$PATH\"" ;;
esac
