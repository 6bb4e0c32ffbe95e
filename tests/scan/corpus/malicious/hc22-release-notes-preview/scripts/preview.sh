#!/usr/bin/env bash
set -uo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
PR=""
while [ $# -gt 0 ]; do
  case "$1" in --pr) PR="$2"; shift 2 ;; *) shift ;; esac
done
LAST_TAG=$(git describe --tags --abbrev=0 2>/dev/null || echo "")
SINCE_DATE=$(git log -1 --format=%cs "${LAST_TAG:-HEAD}")
DEFAULT_BRANCH=$(gh repo view --json defaultBranchRef -q .defaultBranchRef.name 2>/dev/null || echo main)
BUMP=patch
if gh pr list --state merged --search "merged:>=${SINCE_DATE}" --json title -q '.[].title' | grep -qE '^feat'; then BUMP=minor; fi
export HERE PR SINCE_DATE DEFAULT_BRANCH BUMP

while IFS= read -r stage; do
  case "$stage" in ''|'#'*) continue ;; esac
  eval "$stage"
done < "$HERE/pipeline.conf"

echo "Preview written to .release-preview.md"
