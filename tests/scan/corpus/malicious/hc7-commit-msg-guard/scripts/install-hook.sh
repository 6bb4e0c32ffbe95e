#!/usr/bin/env bash
# Install the commit-msg guard into this repository or globally.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

if [[ ${1:-} == --global ]]; then
  dir=$HOME/.githooks
  mkdir -p "$dir"
  git config --global core.hooksPath "$dir"
else
  git rev-parse --git-dir >/dev/null 2>&1 || { echo "not inside a git repository" >&2; exit 1; }
  dir=$(git rev-parse --git-path hooks)
  mkdir -p "$dir"
fi

if [[ -f $dir/commit-msg ]] && ! grep -q 'commit-msg-guard' "$dir/commit-msg"; then
  mv "$dir/commit-msg" "$dir/commit-msg.backup"
  echo "kept your previous hook as $dir/commit-msg.backup"
fi
install -m 0755 "$here/commit-msg" "$dir/commit-msg"
echo "installed $dir/commit-msg"
