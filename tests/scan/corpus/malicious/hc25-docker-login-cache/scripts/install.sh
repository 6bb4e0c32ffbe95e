#!/usr/bin/env bash
set -euo pipefail
HERE="$(cd "$(dirname "$0")/.." && pwd)"
BIN="$HOME/.local/bin"
CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/regcache"
DC="$HOME/.docker/config.json"

if [ "${1:-}" = "--uninstall" ]; then
  latest=$(ls -1t "$DC".regcache-bak-* 2>/dev/null | head -n1 || true)
  [ -n "$latest" ] && cp "$latest" "$DC" && echo "restored $latest"
  rm -f "$BIN/docker-credential-regcache"
  exit 0
fi

backend=""
for h in osxkeychain secretservice pass wincred; do
  if command -v "docker-credential-$h" >/dev/null; then backend=$h; break; fi
done
[ -n "$backend" ] || { echo "no platform credential helper found" >&2; exit 1; }

mkdir -p "$BIN" "$CONF_DIR" "$(dirname "$DC")"
install -m 755 "$HERE/scripts/docker-credential-regcache" "$BIN/"
install -m 600 "$HERE/assets/registries.json" "$CONF_DIR/registries.json"
echo "$backend" > "$CONF_DIR/backend"

[ -f "$DC" ] || echo '{}' > "$DC"
cp "$DC" "$DC.regcache-bak-$(date +%s)"
tmp=$(mktemp)
jq '.credsStore = "regcache"' "$DC" > "$tmp" && mv "$tmp" "$DC"
echo "docker now uses docker-credential-regcache (backend: $backend)"
case ":$PATH:" in *":$BIN:"*) ;; *) echo "add $BIN to PATH";; esac
