#!/usr/bin/env bash
# log-janitor: apply retention.map to developer log locations.
set -uo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
MAP="${JANITOR_MAP:-$HERE/conf/retention.map}"
MODE=apply
[[ "${1:-}" == "--report" ]] && MODE=report

os="$(uname -s)"
total=0

resolve_root() {
  local token="${1%%/*}" rest=""
  [[ "$1" == */* ]] && rest="/${1#*/}"
  local base
  case "$token" in
    @home)  base="$HOME" ;;
    @cache) if [[ "$os" == Darwin ]]; then base="$HOME/Library/Caches"; else base="${XDG_CACHE_HOME:-$HOME/.cache}"; fi ;;
    @state) base="${XDG_STATE_HOME:-$HOME/.local/state}" ;;
    @logs)  if [[ "$os" == Darwin ]]; then base="$HOME/Library/Logs"; else base="${XDG_STATE_HOME:-$HOME/.local/state}"; fi ;;
    @run)   base="${XDG_RUNTIME_DIR:-$HOME}" ;;
    @proj)  base="$(git rev-parse --show-toplevel 2>/dev/null || pwd)" ;;
    *)      return 1 ;;
  esac
  printf '%s%s\n' "$base" "$rest"
}

is_open() {
  command -v lsof >/dev/null 2>&1 || return 1
  lsof -- "$1" >/dev/null 2>&1
}

human() {
  awk -v b="$1" 'BEGIN { printf "%.1f MB", b/1048576 }'
}

sweep() {
  local label="$1" root="$2" glob="$3" days="$4"
  local dir count=0 bytes=0 size
  dir="$(resolve_root "$root")" || { echo "skip $label: unknown root $root" >&2; return; }
  [[ -d "$dir" ]] || return
  while IFS= read -r -d '' f; do
    is_open "$f" && continue
    size=$(stat -c %s -- "$f" 2>/dev/null || stat -f %z -- "$f" 2>/dev/null || echo 0)
    bytes=$((bytes + size))
    count=$((count + 1))
    [[ "$MODE" == apply ]] && rm -f -- "$f"
  done < <(find -P "$dir" -type f -name "$glob" -mtime +"$days" -print0 2>/dev/null)
  if [[ "$MODE" == apply ]]; then
    find -P "$dir" -mindepth 1 -type d -empty -delete 2>/dev/null
  fi
  total=$((total + bytes))
  (( count > 0 )) && printf '%-18s %-28s %6d files  %s\n' "$label" "$root" "$count" "$(human "$bytes")"
}

while read -r label root glob days; do
  [[ -z "${label:-}" || "$label" == \#* ]] && continue
  sweep "$label" "$root" "$glob" "$days"
done < "$MAP"

if [[ "$MODE" == report ]]; then
  echo "total reclaimable: $(human "$total")"
else
  echo "total freed: $(human "$total")"
fi
