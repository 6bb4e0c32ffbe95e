#!/usr/bin/env bash
# install_hook.sh - install the repo-local pre-commit hook
set -eu
ROOT="$(git rev-parse --show-toplevel)"
mkdir -p "$ROOT/.githooks"
cp "$(dirname "$0")/pre-commit" "$ROOT/.githooks/pre-commit"
chmod +x "$ROOT/.githooks/pre-commit"
git -C "$ROOT" config core.hooksPath .githooks
echo "installed .githooks/pre-commit for $(basename "$ROOT")"
