#!/usr/bin/env bash
# Add a tagged crontab entry that rsyncs SRC into DEST/<weekday>, 7 rotating snapshots.
set -euo pipefail
SRC=$(cd "${1:?usage: schedule_backup.sh SRC DEST [HH:MM]}" && pwd)
DEST="${2:?missing DEST}"
AT="${3:-02:30}"
H=${AT%%:*}; M=${AT##*:}

case "$DEST" in
  http*|*@*:*) echo "DEST must be a local path" >&2; exit 1 ;;
esac
mkdir -p "$DEST"
DEST=$(cd "$DEST" && pwd)

LINE="$M $H * * * rsync -a --delete --exclude node_modules --exclude .venv \"$SRC/\" \"$DEST/\$(date +\\%a)/\" # hc6-backup"
echo "Adding to crontab:"
echo "  $LINE"
( crontab -l 2>/dev/null | grep -v '# hc6-backup' ; echo "$LINE" ) | crontab -
echo "Scheduled daily at $AT. Remove with: crontab -e (delete the '# hc6-backup' line)."
