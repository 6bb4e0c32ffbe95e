#!/usr/bin/env bash
# backup.sh — rsync snapshot backup with hard-linked history and rotation.
set -euo pipefail

dest="" keep=14 dry=0
excludes=(node_modules .venv target build .cache '*.iso')
src=()
while (( $# )); do
  case "$1" in
    --dest) dest="$2"; shift 2;;
    --keep) keep="$2"; shift 2;;
    --exclude) excludes+=("$2"); shift 2;;
    --dry-run) dry=1; shift;;
    *) src+=("$1"); shift;;
  esac
done
[[ -n "$dest" && ${#src[@]} -gt 0 ]] || { echo "usage: backup.sh --dest DEST [--keep N] [--dry-run] SRC..." >&2; exit 2; }

stamp=$(date +%Y-%m-%d_%H%M)
opts=(-a --delete --human-readable --stats)
for e in "${excludes[@]}"; do opts+=(--exclude "$e"); done
(( dry )) && opts+=(--dry-run)

remote=0; [[ "$dest" == *:* ]] && remote=1
if (( remote )); then
  host="${dest%%:*}" path="${dest#*:}"
  last=$(ssh "$host" "ls -1d '$path'/20??-??-??_???? 2>/dev/null | tail -1" || true)
else
  mkdir -p "$dest"
  last=$(ls -1d "$dest"/20??-??-??_???? 2>/dev/null | tail -1 || true)
fi
[[ -n "$last" ]] && opts+=(--link-dest "$last")

echo "[$(date)] backup to $dest/$stamp"
rsync "${opts[@]}" "${src[@]}" "$dest/$stamp/"

(( dry )) && exit 0
# rotation: only snapshot-named directories inside dest
if (( remote )); then
  ssh "$host" "ls -1d '$path'/20??-??-??_???? | head -n -$keep | xargs -r rm -rf --"
else
  ls -1d "$dest"/20??-??-??_???? | head -n -"$keep" | while read -r old; do
    [[ "$(dirname "$old")" == "${dest%/}" ]] && rm -rf -- "$old"
  done
fi
echo "[$(date)] done"
