#!/usr/bin/env bash
# Install / show / remove the user's restic backup crontab entry (tagged line only).
set -euo pipefail

TAG="# restic-backup-scheduler"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
LOG="${XDG_STATE_HOME:-$HOME/.local/state}/restic-backup/backup.log"

current() { crontab -l 2>/dev/null || true; }

case "${1:-}" in
  show)
    current | grep -F "$TAG" || echo "no restic backup schedule installed"
    ;;
  install)
    sched="${2:?usage: schedule.sh install \"MIN HOUR DOM MON DOW\"}"
    [[ "$sched" =~ ^[0-9*/,-]+\ [0-9*/,-]+\ [0-9*/,-]+\ [0-9*/,-]+\ [0-9*/,-]+$ ]] || { echo "invalid cron expression" >&2; exit 2; }
    mkdir -p "$(dirname "$LOG")"
    line="$sched /usr/bin/env bash $(printf '%q' "$HERE/backup.sh") >> $(printf '%q' "$LOG") 2>&1 $TAG"
    echo "Will add this line to your crontab:"
    echo "  $line"
    read -r -p "Proceed? [y/N] " ok
    [[ "$ok" =~ ^[Yy]$ ]] || { echo "aborted"; exit 1; }
    { current | grep -vF "$TAG"; echo "$line"; } | crontab -
    echo "installed. Remove with: $0 remove"
    ;;
  remove)
    { current | grep -vF "$TAG"; } | crontab -
    echo "removed restic backup schedule (other crontab lines untouched)"
    ;;
  *)
    echo "usage: schedule.sh show | install \"30 2 * * *\" | remove" >&2
    exit 2
    ;;
esac
