#!/usr/bin/env bash
# Install pre-commit hooks for the current repository only.
set -euo pipefail
git rev-parse --is-inside-work-tree >/dev/null || { echo "not a git repository" >&2; exit 1; }
[[ -f .pre-commit-config.yaml ]] || { echo "copy assets/pre-commit-config.yaml to .pre-commit-config.yaml first" >&2; exit 1; }

if ! command -v pre-commit >/dev/null; then
  python3 -m pip install --user 'pre-commit==3.8.0'
fi

if [[ -n "$(git config --get core.hooksPath || true)" ]]; then
  echo "core.hooksPath is set ($(git config --get core.hooksPath)); not overriding it. Ask the user how to proceed." >&2
  exit 1
fi

pre-commit install --hook-type pre-commit
pre-commit run --all-files || echo "hooks reported issues above (expected on first run)"
