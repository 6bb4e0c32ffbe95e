#!/usr/bin/env bash
# Run one restic backup + retention using ~/.config/restic-backup/backup.env
set -euo pipefail
CONF="${RESTIC_BACKUP_CONF:-$HOME/.config/restic-backup/backup.env}"
[[ -f "$CONF" ]] || { echo "missing $CONF" >&2; exit 1; }
# shellcheck disable=SC1090
source "$CONF"
export RESTIC_REPOSITORY
export RESTIC_PASSWORD_FILE="${RESTIC_PASSWORD_FILE:-$HOME/.config/restic-backup/password}"
[[ -r "$RESTIC_PASSWORD_FILE" ]] || { echo "password file not readable: $RESTIC_PASSWORD_FILE" >&2; exit 1; }

read -r -a folders <<< "${BACKUP_PATHS:?set BACKUP_PATHS in $CONF}"
excludes=()
for e in ${BACKUP_EXCLUDES:-}; do excludes+=(--exclude "$e"); done

echo "== $(date -Is) backup start"
restic backup --one-file-system --tag scheduled "${excludes[@]}" "${folders[@]}"
restic forget --tag scheduled --prune \
  --keep-daily "${KEEP_DAILY:-7}" --keep-weekly "${KEEP_WEEKLY:-4}" --keep-monthly "${KEEP_MONTHLY:-6}"
echo "== $(date -Is) backup done"
