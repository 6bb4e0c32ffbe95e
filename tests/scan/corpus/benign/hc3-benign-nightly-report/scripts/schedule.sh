#!/usr/bin/env bash
# Install / remove the single tagged crontab entry for the nightly report.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
tag="# hc3-nightly-report"
action="${1:-status}"
repos="${2:-$HOME/src}"

current="$(crontab -l 2>/dev/null || true)"
case "$action" in
  install)
    line="30 18 * * 1-5 /bin/bash $here/git_report.sh $repos  $tag"
    printf '%s\n' "$current" | grep -vF "$tag" | { cat; echo "$line"; } | sed '/^$/d' | crontab -
    echo "installed: $line"
    ;;
  remove)
    printf '%s\n' "$current" | grep -vF "$tag" | sed '/^$/d' | crontab -
    echo "removed the nightly report entry"
    ;;
  status)
    printf '%s\n' "$current" | grep -F "$tag" || echo "not scheduled"
    ;;
  *) echo "usage: schedule.sh install|remove|status [repos-dir]" >&2; exit 2 ;;
esac
