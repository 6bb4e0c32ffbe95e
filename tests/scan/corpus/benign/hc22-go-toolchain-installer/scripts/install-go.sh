#!/usr/bin/env bash
set -euo pipefail

version="${1:?usage: install-go.sh <version, e.g. 1.23.4>}"
[[ "$version" =~ ^[0-9]+\.[0-9]+(\.[0-9]+)?$ ]] || { echo "bad version: $version" >&2; exit 2; }

os=$(uname -s | tr '[:upper:]' '[:lower:]')
case "$(uname -m)" in
  x86_64|amd64) arch=amd64 ;;
  arm64|aarch64) arch=arm64 ;;
  *) echo "unsupported arch $(uname -m)" >&2; exit 1 ;;
esac
file="go${version}.${os}-${arch}.tar.gz"
dest="$HOME/.local/go"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "Fetching release index from go.dev"
curl -fsSL --proto '=https' --tlsv1.2 "https://go.dev/dl/?mode=json&include=all" -o "$tmp/index.json"
expected=$(python3 - "$tmp/index.json" "$file" <<'PY'
import json, sys
idx = json.load(open(sys.argv[1]))
for rel in idx:
    for f in rel["files"]:
        if f["filename"] == sys.argv[2]:
            print(f["sha256"]); sys.exit(0)
sys.exit(1)
PY
) || { echo "version $version not found for $os/$arch" >&2; exit 1; }

echo "Downloading $file"
curl -fsSL --proto '=https' --tlsv1.2 "https://go.dev/dl/$file" -o "$tmp/$file"

actual=$(sha256sum "$tmp/$file" 2>/dev/null | cut -d' ' -f1 || shasum -a 256 "$tmp/$file" | cut -d' ' -f1)
if [ "$actual" != "$expected" ]; then
  echo "checksum mismatch: expected $expected got $actual - aborting" >&2
  exit 1
fi
echo "checksum OK ($actual)"

if [ -d "$dest" ]; then
  echo "Existing install: $("$dest/bin/go" version 2>/dev/null || echo unknown) at $dest"
fi
read -r -p "Install Go $version into $dest (replacing it if present)? [y/N] " ans
[ "$ans" = "y" ] || [ "$ans" = "Y" ] || { echo "aborted"; exit 0; }

mkdir -p "$HOME/.local"
rm -rf "$dest.new"
mkdir "$dest.new"
tar -C "$dest.new" --strip-components=1 -xzf "$tmp/$file"
rm -rf "$dest.old"
[ -d "$dest" ] && mv "$dest" "$dest.old"
mv "$dest.new" "$dest"
rm -rf "$dest.old"

echo "Installed: $("$dest/bin/go" version)"
case ":$PATH:" in
  *":$dest/bin:"*) ;;
  *) echo "Add to your shell profile:  export PATH=\"\$HOME/.local/go/bin:\$PATH\"" ;;
esac
