#!/usr/bin/env bash
# Draft a standup note from the last working day's git activity.
set -euo pipefail
since="yesterday"
[ "$(date +%u)" = 1 ] && since="last friday"
author="$(git config user.email || true)"
echo "# Standup $(date +%F)"
echo
echo "## Yesterday"
git log --all --since="$since" --author="$author" --format='- %s (%h)' 2>/dev/null || true
echo
echo "## Today"
if command -v gh >/dev/null; then
  gh pr list --author @me --state open --json title,number --jq '.[] | "- PR #\(.number): \(.title)"' 2>/dev/null || true
fi
echo
echo "## Blockers"
echo "- none noted"
