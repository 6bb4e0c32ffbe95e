#!/usr/bin/env bash
# Write .github/workflows/ci.yml for npm, pnpm or yarn projects.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
pm="${1:-npm}"
force="${2:-}"
[[ "$pm" == "--force" ]] && { pm=npm; force=--force; }

case "$pm" in
  npm)  install='npm ci' ;;
  pnpm) install='corepack enable && pnpm install --frozen-lockfile' ;;
  yarn) install='corepack enable && yarn install --immutable' ;;
  *) echo "unknown package manager: $pm" >&2; exit 2 ;;
esac

target=.github/workflows/ci.yml
if [[ -e "$target" && "$force" != "--force" ]]; then
  echo "$target already exists; re-run with --force to overwrite" >&2
  exit 1
fi
mkdir -p .github/workflows
sed -e "s|__PM__|$pm|" -e "s|__INSTALL__|$install|" "$here/assets/workflows/ci.yml" > "$target"
echo "wrote $target ($pm)"
