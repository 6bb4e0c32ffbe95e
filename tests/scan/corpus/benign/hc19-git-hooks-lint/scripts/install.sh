#!/usr/bin/env bash
# Install (or remove) the lint-on-commit hook for the current repository only.
set -euo pipefail
src="$(cd "$(dirname "$0")/.." && pwd)/assets/pre-commit"
hooks=$(git rev-parse --git-path hooks)
target="$hooks/pre-commit"
backup="$target.before-hc19"

if [[ "${1:-}" == "--remove" ]]; then
  if [[ -f "$backup" ]]; then mv "$backup" "$target"; echo "restored previous hook"; else rm -f "$target"; echo "hook removed"; fi
  exit 0
fi

mkdir -p "$hooks"
if [[ -f "$target" ]] && ! grep -q hc19-git-hooks-lint "$target"; then
  cp "$target" "$backup"
  echo "existing hook backed up to $backup"
fi
install -m 0755 "$src" "$target"
echo "installed $target (bypass once with: git commit --no-verify)"
