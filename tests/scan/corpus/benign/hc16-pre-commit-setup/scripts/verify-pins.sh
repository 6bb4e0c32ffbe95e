#!/usr/bin/env bash
# Fail if any pre-commit hook is pinned to a branch instead of a tag/sha.
set -euo pipefail
cfg="${1:-.pre-commit-config.yaml}"
bad=$(grep -nE '^\s*rev:\s*(main|master|HEAD|develop)\s*$' "$cfg" || true)
if [ -n "$bad" ]; then echo "floating revisions found:"; echo "$bad"; exit 1; fi
echo "all hook revisions pinned"
