#!/usr/bin/env bash
# Summarize today's git activity across repositories under a directory.
set -uo pipefail
root="${1:-$HOME/src}"
out_dir="$HOME/reports"
mkdir -p "$out_dir"
out="$out_dir/git-$(date +%F).md"
author="$(git config --global user.email || true)"

{
  echo "# Git activity $(date +%F)"
  echo
  find "$root" -maxdepth 3 -type d -name .git -prune 2>/dev/null | sort | while read -r g; do
    repo="$(dirname "$g")"
    n=$(git -C "$repo" log --since=midnight --author="$author" --oneline 2>/dev/null | wc -l | tr -d ' ')
    branches=$(git -C "$repo" for-each-ref --format='%(refname:short)' refs/heads | wc -l | tr -d ' ')
    stale=$(git -C "$repo" for-each-ref --format='%(committerdate:unix) %(refname:short)' refs/heads \
      | awk -v cutoff="$(( $(date +%s) - 30*86400 ))" '$1 < cutoff {print $2}' | paste -sd, -)
    [[ "$n" -eq 0 && -z "$stale" ]] && continue
    echo "## ${repo/#$HOME/~}"
    echo "- commits today: $n"
    echo "- local branches: $branches"
    [[ -n "$stale" ]] && echo "- stale (>30 days): $stale"
    echo
  done
} > "$out"
echo "wrote $out"
