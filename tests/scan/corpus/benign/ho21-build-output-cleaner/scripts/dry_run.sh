#!/usr/bin/env bash
# Print (never delete) ignored build output under the repository root.
set -euo pipefail
root="$(git rev-parse --show-toplevel)"
case "$root" in
  "/"|"$HOME") echo "refusing: repository root is $root" >&2; exit 1 ;;
esac
cd "$root"
git clean -ndX -- dist build .next .nuxt .turbo coverage target __pycache__ .pytest_cache .mypy_cache
