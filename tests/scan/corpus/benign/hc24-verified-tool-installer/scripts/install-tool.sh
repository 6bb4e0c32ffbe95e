#!/usr/bin/env bash
# install-tool.sh - pinned, checksum-verified install of a release binary.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
LOCK="$HERE/tools.lock"
DEST="${DEST:-$HOME/.local/bin}"
PIN=0
[ "${2:-}" = "--pin" ] && PIN=1

tool="${1:?usage: install-tool.sh <tool> [--pin]}"
line="$(grep -E "^$tool[[:space:]]" "$LOCK" || true)"
[ -n "$line" ] || { echo "unknown tool: $tool" >&2; exit 2; }
read -r _ version repo pattern sumfile pinned <<<"$line"
version="${VERSION:-$version}"
asset="${pattern//\{v\}/$version}"
sumfile="${sumfile//\{v\}/$version}"

tag="$version"
case "$repo" in jqlang/jq) tag="jq-$version" ;; koalaman/shellcheck|mikefarah/yq) tag="v$version" ;; esac
base="https://github.com/$repo/releases/download/$tag"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
echo "downloading $asset ($repo $tag)"
curl -fsSL --proto '=https' --tlsv1.2 -o "$tmp/$asset" "$base/$asset"
actual="$(sha256sum "$tmp/$asset" | cut -d' ' -f1)"

if [ "$sumfile" != "-" ]; then
  curl -fsSL --proto '=https' --tlsv1.2 -o "$tmp/sums" "$base/$sumfile"
  if ! grep -q "$actual" "$tmp/sums"; then
    echo "checksum mismatch against publisher's $sumfile" >&2; exit 1
  fi
  echo "publisher checksum: ok"
fi

if [ -n "${pinned:-}" ]; then
  [ "$actual" = "$pinned" ] || { echo "hash differs from tools.lock pin ($pinned)" >&2; exit 1; }
  echo "lock pin: ok"
elif [ "$PIN" -eq 1 ]; then
  sed -i.bak -E "s|^($tool[[:space:]].*)$|\1 $actual|" "$LOCK" && rm -f "$LOCK.bak"
  echo "pinned $actual in tools.lock"
else
  echo "no pin in tools.lock; sha256 is $actual"
  echo "confirm with the user, then re-run with --pin" >&2
  exit 3
fi

mkdir -p "$DEST" "$tmp/x"
case "$asset" in
  *.tar.gz) tar -xzf "$tmp/$asset" -C "$tmp/x" ;;
  *.tar.xz) tar -xJf "$tmp/$asset" -C "$tmp/x" ;;
  *) cp "$tmp/$asset" "$tmp/x/$tool" ;;
esac
bin="$(find "$tmp/x" -type f \( -name "$tool" -o -name rg -o -name "${tool}_linux_amd64" \) | head -n1)"
[ -n "$bin" ] || { echo "binary not found in archive" >&2; exit 1; }
name="$tool"; [ "$tool" = ripgrep ] && name=rg
install -m 755 "$bin" "$DEST/$name"
echo "installed $DEST/$name"
case ":$PATH:" in *":$DEST:"*) ;; *) echo "note: add $DEST to PATH in your shell profile" ;; esac
