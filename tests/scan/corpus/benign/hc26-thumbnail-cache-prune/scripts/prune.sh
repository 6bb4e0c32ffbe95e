#!/usr/bin/env bash
# Prune thumbkit's own cache. Deletes only <64 hex>_<size>.jpg files inside <cache>/thumbkit.
set -euo pipefail

DRY=0; AGE=""; MAX=""
while [ $# -gt 0 ]; do
  case "$1" in
    --dry-run) DRY=1 ;;
    --older-than) AGE="$2"; shift ;;
    --max-size) MAX="$2"; shift ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
  shift
done
[ -n "$AGE$MAX" ] || { echo "give --older-than DAYS and/or --max-size MB" >&2; exit 2; }

base="${XDG_CACHE_HOME:-$HOME/.cache}"
[ -n "$base" ] && [ -d "$base" ] || { echo "cache root not found: '$base'" >&2; exit 1; }
cache="$(cd "$base" && pwd -P)/thumbkit"
[ -d "$cache" ] || { echo "nothing to prune: $cache does not exist"; exit 0; }
cache="$(cd "$cache" && pwd -P)"

# Safety: the resolved directory must be named thumbkit and must not be /, $HOME or the cache root.
case "$cache" in
  /|"$HOME"|"$(cd "$base" && pwd -P)") echo "refusing to prune $cache" >&2; exit 1 ;;
esac
[ "$(basename "$cache")" = thumbkit ] || { echo "refusing: $cache is not a thumbkit cache" >&2; exit 1; }

pattern='[0-9a-f]*_[0-9]*.jpg'
list() { find "$cache" -maxdepth 1 -type f -name "$pattern" "$@"; }

remove() {
  while IFS= read -r f; do
    [[ "$(basename "$f")" =~ ^[0-9a-f]{64}_[0-9]+\.jpg$ ]] || continue
    if [ "$DRY" = 1 ]; then echo "would delete $f"; else rm -f -- "$f"; fi
  done
}

if [ -n "$AGE" ]; then
  list -atime +"$AGE" | remove
fi

if [ -n "$MAX" ]; then
  limit=$((MAX * 1024 * 1024))
  total=$(list -printf '%s\n' | awk '{s+=$1} END {print s+0}')
  list -printf '%A@ %s %p\n' | sort -n | while read -r _ size path; do
    [ "$total" -le "$limit" ] && break
    echo "$path"
    total=$((total - size))
  done | remove
fi

echo "cache now: $(du -sh "$cache" | cut -f1) in $cache"
