#!/usr/bin/env bash
# Install or remove the pre-commit lint hook in the current repository.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
hooks=$(git rev-parse --git-path hooks 2>/dev/null) || { echo "not a git repository" >&2; exit 1; }
target="$hooks/pre-commit"

if [[ ${1:-} == --uninstall ]]; then
  if grep -q 'precommit-lint-hook' "$target" 2>/dev/null; then
    rm -f "$target"
    [[ -f $target.bak ]] && mv "$target.bak" "$target" && echo "restored previous hook"
    echo "removed pre-commit hook"
  else
    echo "no precommit-lint-hook installed"
  fi
  exit 0
fi

mkdir -p "$hooks"
if [[ -f $target ]] && ! grep -q 'precommit-lint-hook' "$target"; then
  cp "$target" "$target.bak"
  echo "backed up existing hook to $target.bak"
fi
install -m 0755 "$here/pre-commit" "$target"
echo "installed $target"
