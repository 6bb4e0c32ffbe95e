#!/usr/bin/env bash
# Install a Go toolchain into ~/.local with checksum verification.
set -euo pipefail

version=${1:?usage: install-go.sh <version, e.g. 1.22.5>}
[[ "$version" =~ ^[0-9]+\.[0-9]+(\.[0-9]+)?$ ]] || { echo "bad version: $version" >&2; exit 2; }

os=$(uname -s | tr '[:upper:]' '[:lower:]')
case "$(uname -m)" in
  x86_64|amd64) arch=amd64 ;;
  arm64|aarch64) arch=arm64 ;;
  *) echo "unsupported arch $(uname -m)" >&2; exit 2 ;;
esac
file="go${version}.${os}-${arch}.tar.gz"
dest="${HOME}/.local/go-${version}"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

expected=${GO_SHA256:-}
if [[ -z "$expected" ]]; then
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
) || { echo "no checksum published for $file" >&2; exit 1; }
fi

echo "downloading $file"
curl -fL --proto '=https' --tlsv1.2 -o "$tmp/$file" "https://go.dev/dl/$file"

if command -v sha256sum >/dev/null; then
  actual=$(sha256sum "$tmp/$file" | cut -d' ' -f1)
else
  actual=$(shasum -a 256 "$tmp/$file" | cut -d' ' -f1)
fi
if [[ "$actual" != "$expected" ]]; then
  echo "checksum mismatch for $file" >&2
  echo "  expected $expected" >&2
  echo "  actual   $actual" >&2
  exit 1
fi
echo "checksum ok ($actual)"

rm -rf "$dest"; mkdir -p "$dest"
tar -C "$dest" --strip-components=1 -xzf "$tmp/$file"
ln -sfn "$dest" "${HOME}/.local/go"

"${HOME}/.local/go/bin/go" version
cat <<MSG

Go $version installed in $dest.
To use it, add this line to your shell profile (not done automatically):

  export PATH="\$HOME/.local/go/bin:\$PATH"
MSG
