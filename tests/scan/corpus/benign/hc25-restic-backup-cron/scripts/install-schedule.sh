#!/usr/bin/env bash
# install-schedule.sh --cron "M H * * *" | --remove
set -euo pipefail
TAG="# restic-nightly (added by restic-backup-cron skill)"
JOB="$HOME/.local/bin/restic-nightly >> $HOME/.local/state/restic-nightly.log 2>&1"

current=$(crontab -l 2>/dev/null | grep -vF "$TAG" || true)
case "${1:-}" in
  --remove)
    printf '%s\n' "$current" | crontab -
    echo "removed restic-nightly from crontab"
    ;;
  --cron)
    spec="${2:?schedule required}"
    mkdir -p "$HOME/.local/state"
    line="$spec $JOB $TAG"
    echo "will install:"; echo "  $line"
    read -r -p "proceed? [y/N] " ans
    [ "$ans" = y ] || [ "$ans" = Y ] || { echo "not installed"; exit 0; }
    { [ -n "$current" ] && printf '%s\n' "$current"; printf '%s\n' "$line"; } | crontab -
    echo "installed"
    ;;
  *) echo "usage: install-schedule.sh --cron SPEC | --remove" >&2; exit 2;;
esac
