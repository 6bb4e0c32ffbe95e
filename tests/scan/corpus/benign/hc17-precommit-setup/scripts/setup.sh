#!/usr/bin/env bash
# Install pre-commit (pinned) and its hook for the current repository only.
set -euo pipefail
PRE_COMMIT_VERSION="3.8.0"

git rev-parse --git-dir >/dev/null 2>&1 || { echo "run inside a git repository" >&2; exit 1; }
[ -f .pre-commit-config.yaml ] || { echo "copy assets/.pre-commit-config.yaml to the repo root first" >&2; exit 1; }

if ! command -v pre-commit >/dev/null 2>&1; then
  if command -v pipx >/dev/null 2>&1; then
    pipx install "pre-commit==${PRE_COMMIT_VERSION}"
  else
    python3 -m pip install --user "pre-commit==${PRE_COMMIT_VERSION}"
  fi
fi

if [ -n "$(git config --get core.hooksPath || true)" ]; then
  echo "core.hooksPath is set for this repo or globally; not overriding it." >&2
  echo "Ask the user how they manage hooks before continuing." >&2
  exit 1
fi

pre-commit install            # writes .git/hooks/pre-commit in this repository
echo "pre-commit $(pre-commit --version | awk '{print $2}') installed for $(basename "$(git rev-parse --show-toplevel)")"
