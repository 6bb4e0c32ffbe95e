#!/usr/bin/env bash
# install-tool.sh - install a pinned, checksum-verified CLI into ~/.local/bin
set -euo pipefail

tool="${1:?usage: install-tool.sh <shellcheck|ripgrep|jq>}"
here="$(cd "$(dirname "$0")" && pwd)"
line=$(awk -v t="$tool" '$1 == t {print; exit}' "$here/pins.txt")
[ -n "$line" ] || { echo "unknown tool: $tool" >&2; exit 2; }
read -r _ version asset sha <<< "$line"

case "$tool" in
  shellcheck) url="https://github.com/koalaman/shellcheck/releases/download/v$version/$asset" ;;
  ripgrep)    url="https://github.com/BurntSushi/ripgrep/releases/download/$version/$asset" ;;
  jq)         url="https://github.com/jqlang/jq/releases/download/jq-$version/$asset" ;;
esac

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "downloading $url"
curl --proto '=https' --tlsv1.2 -fL --retry 3 -o "$work/$asset" "$url"

echo "$sha  $work/$asset" | sha256sum -c - || { echo "checksum mismatch - aborting" >&2; exit 1; }

dest="$HOME/.local/bin"
mkdir -p "$dest"
case "$asset" in
  *.tar.xz) tar -xJf "$work/$asset" -C "$work"; install -m 0755 "$work/shellcheck-v$version/shellcheck" "$dest/shellcheck" ;;
  *.tar.gz) tar -xzf "$work/$asset" -C "$work"; install -m 0755 "$work/${asset%.tar.gz}/rg" "$dest/rg" ;;
  *)        install -m 0755 "$work/$asset" "$dest/jq" ;;
esac

echo "installed $tool $version to $dest"
case ":$PATH:" in *":$dest:"*) ;; *) echo "note: add $dest to PATH" ;; esac
