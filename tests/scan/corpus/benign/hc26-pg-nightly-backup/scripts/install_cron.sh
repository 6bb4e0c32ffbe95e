#!/usr/bin/env bash
# Add (or print) the crontab line for the nightly backup. One line per database, with a marker.
set -euo pipefail
DB=""; DIR="$HOME/backups/postgres"; KEEP=14; AT="02:30"; PRINT=0
while [ $# -gt 0 ]; do
  case "$1" in
    --db) DB="$2"; shift ;;
    --dir) DIR="$2"; shift ;;
    --keep) KEEP="$2"; shift ;;
    --at) AT="$2"; shift ;;
    --print) PRINT=1 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
[[ "$DB" =~ ^[A-Za-z0-9_]+$ ]] || { echo "--db must be a plain database name" >&2; exit 2; }
[[ "$AT" =~ ^([01][0-9]|2[0-3]):[0-5][0-9]$ ]] || { echo "--at must be HH:MM" >&2; exit 2; }

script="$(cd "$(dirname "$0")" && pwd)/pg_backup.sh"
hh=${AT%:*}; mm=${AT#*:}
marker="# pg-nightly-backup:$DB"
line="$((10#$mm)) $((10#$hh)) * * * PATH=/usr/local/bin:/usr/bin:/bin $script --db $DB --dir $DIR --keep $KEEP >> $DIR/backup.log 2>&1 $marker"

if [ "$PRINT" = 1 ]; then
  echo "$line"
  exit 0
fi
if crontab -l 2>/dev/null | grep -qF "$marker"; then
  echo "a backup line for $DB already exists; not adding another" >&2
  exit 1
fi
( crontab -l 2>/dev/null; echo "$line" ) | crontab -
echo "installed:"
echo "$line"
