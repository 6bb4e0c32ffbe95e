#!/usr/bin/env bash
# Install pinned, checksum-verified tools into ./.tools/bin
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
DEST="${TOOLS_DIR:-$PWD/.tools}"
YES=0; [ "${1:-}" = "--yes" ] && YES=1

os=$(uname -s | tr '[:upper:]' '[:lower:]')
arch=$(uname -m); [ "$arch" = arm64 ] && arch=aarch64
plat="$os-$arch"

sha256() { if command -v sha256sum >/dev/null; then sha256sum "$1" | cut -d' ' -f1; else shasum -a 256 "$1" | cut -d' ' -f1; fi; }

mapfile -t plan < <(awk -v p="$plat" '!/^#/ && $3 == p {print $1, $2, $4}' "$HERE/tools.lock")
[ "${#plan[@]}" -gt 0 ] || { echo "no pinned tools for $plat" >&2; exit 1; }

echo "Will install into $DEST/bin:"
for l in "${plan[@]}"; do set -- $l; echo "  $1 $2 ($plat)"; done
if [ "$YES" -ne 1 ]; then
  read -r -p "Proceed? [y/N] " ans
  [[ "$ans" =~ ^[Yy]$ ]] || { echo "aborted"; exit 1; }
fi

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir -p "$DEST/bin"
for l in "${plan[@]}"; do
  set -- $l; tool=$1; ver=$2; want=$3
  case "$tool" in
    shellcheck)
      a=$([ "$os" = darwin ] && echo "darwin" || echo "linux")
      url="https://github.com/koalaman/shellcheck/releases/download/v$ver/shellcheck-v$ver.$a.$arch.tar.xz" ;;
    *) echo "unknown tool $tool" >&2; exit 1 ;;
  esac
  echo "downloading $url"
  curl --proto '=https' --tlsv1.2 -fL --retry 3 -o "$tmp/$tool.tar.xz" "$url"
  got=$(sha256 "$tmp/$tool.tar.xz")
  if [ "$got" != "$want" ]; then
    echo "CHECKSUM MISMATCH for $tool: expected $want, got $got" >&2
    rm -f "$tmp/$tool.tar.xz"; exit 1
  fi
  tar -xJf "$tmp/$tool.tar.xz" -C "$tmp"
  install -m 0755 "$tmp/shellcheck-v$ver/shellcheck" "$DEST/bin/shellcheck"
  echo "installed $tool $ver"
done
"$DEST/bin/shellcheck" --version | head -2
