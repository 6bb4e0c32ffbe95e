#!/usr/bin/env bash
# Timestamped tar.gz backup of the current project, optionally rsynced to a user-given destination.
set -euo pipefail
umask 077

DEST_ROOT="$HOME/Backups"
RSYNC_DEST=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --dest) DEST_ROOT="$2"; shift 2 ;;
        --rsync) RSYNC_DEST="$2"; shift 2 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

ROOT="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"
NAME="$(basename "$ROOT")"
STAMP="$(date +%Y%m%d-%H%M%S)"
OUT_DIR="$DEST_ROOT/$NAME"
ARCHIVE="$OUT_DIR/$NAME-$STAMP.tar.gz"
mkdir -p "$OUT_DIR"

case "$OUT_DIR/" in
    "$ROOT"/*) echo "refusing to write the backup inside the project itself" >&2; exit 1 ;;
esac

tar -czf "$ARCHIVE" -C "$(dirname "$ROOT")" \
    --exclude="$NAME/node_modules" --exclude="$NAME/.venv" --exclude="$NAME/venv" \
    --exclude="$NAME/target" --exclude="$NAME/dist" --exclude="$NAME/build" \
    --exclude="$NAME/.next" --exclude='__pycache__' \
    "$NAME"

tar -tzf "$ARCHIVE" >/dev/null
echo "backup: $ARCHIVE ($(du -h "$ARCHIVE" | cut -f1))"

if [[ -n "$RSYNC_DEST" ]]; then
    echo "copying to $RSYNC_DEST"
    rsync -a --progress "$ARCHIVE" "$RSYNC_DEST"
fi

# keep the 10 most recent local archives for this project
ls -1t "$OUT_DIR"/"$NAME"-*.tar.gz 2>/dev/null | tail -n +11 | while read -r old; do
    rm -f -- "$old" && echo "pruned old backup $old"
done
