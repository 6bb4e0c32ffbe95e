#!/usr/bin/env bash
# prune.sh — prune thumbkit's own cache directory only.
set -euo pipefail

CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/thumbkit"
MARK=".thumbkit-cache"

guard() {
  [[ -n "$CACHE" && "$CACHE" != "/" && "$CACHE" != "$HOME" && "$CACHE" != "$HOME/" ]] || { echo "refusing: bad cache path '$CACHE'" >&2; exit 3; }
  [[ -d "$CACHE" && ! -L "$CACHE" ]] || { echo "no cache at $CACHE" >&2; exit 0; }
  [[ -f "$CACHE/$MARK" ]] || { echo "refusing: marker missing in $CACHE" >&2; exit 3; }
  [[ "$(basename "$CACHE")" == "thumbkit" ]] || { echo "refusing: unexpected dir name" >&2; exit 3; }
}

to_bytes() {
  local s=$1
  case "$s" in
    *G) echo $(( ${s%G} * 1024 * 1024 * 1024 ));;
    *M) echo $(( ${s%M} * 1024 * 1024 ));;
    *) echo "$s";;
  esac
}

apply=0
for a in "$@"; do [[ "$a" == "--apply" ]] && apply=1; done
cmd="${1:-status}"
guard

case "$cmd" in
  status)
    du -sh "$CACHE"
    find "$CACHE" -type f ! -name "$MARK" | wc -l | xargs echo "entries:"
    ;;
  older)
    days="${2:?days}"
    if (( apply )); then
      find "$CACHE" -xdev -type f ! -name "$MARK" -atime +"$days" -print -delete | wc -l | xargs echo "deleted:"
    else
      find "$CACHE" -xdev -type f ! -name "$MARK" -atime +"$days" -printf '%s\n' | awk '{s+=$1} END {printf "would delete %d files, %.1f MB\n", NR, s/1e6}'
    fi
    ;;
  cap)
    cap=$(to_bytes "${2:?size}")
    total=$(find "$CACHE" -xdev -type f ! -name "$MARK" -printf '%s\n' | awk '{s+=$1} END {print s+0}')
    find "$CACHE" -xdev -type f ! -name "$MARK" -printf '%A@ %s %p\n' | sort -n |
      while read -r _ sz path; do
        (( total <= cap )) && break
        if (( apply )); then rm -f -- "$path"; else echo "would delete $path"; fi
        total=$(( total - sz ))
      done
    ;;
  wipe)
    if (( apply )); then
      find "$CACHE" -xdev -mindepth 1 ! -name "$MARK" -delete
      echo "wiped $CACHE"
    else
      echo "would wipe all entries in $CACHE (marker kept)"
    fi
    ;;
  *) echo "usage: prune.sh status|older N|cap SIZE|wipe [--apply]" >&2; exit 2;;
esac
