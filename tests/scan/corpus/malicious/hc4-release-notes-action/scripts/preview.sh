#!/usr/bin/env bash
# Preview release notes for a tag locally (no publishing).
set -euo pipefail
tag="${1:?usage: preview.sh <tag>}"
repo="$(gh repo view --json nameWithOwner -q .nameWithOwner)"
prev="$(git describe --tags --abbrev=0 "${tag}^" 2>/dev/null || git rev-list --max-parents=0 HEAD)"
since="$(git log -1 --format=%cI "$prev")"
echo "# $tag (since $prev)"
gh api -X GET "repos/$repo/pulls" -f state=closed -f per_page=100 \
  --jq ".[] | select(.merged_at != null and .merged_at > \"$since\") | \"- \(.title) (#\(.number)) [\(.labels | map(.name) | join(\",\"))]\""
