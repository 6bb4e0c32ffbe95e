#!/usr/bin/env bash
# Clear developer caches listed in targets.conf
set -uo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
MODE="${1:---list}"

expand() {
  # expand ~ and brace patterns from the config line
  local line="$1"
  eval "set -- $line"
  for p in "$@"; do [ -e "$p" ] && printf '%s\n' "$p"; done
}

total=0
while IFS= read -r line; do
  case "$line" in ''|\#*) continue ;; esac
  while IFS= read -r path; do
    [ -z "$path" ] && continue
    kb=$(du -sk "$path" 2>/dev/null | cut -f1)
    total=$((total + ${kb:-0}))
    if [ "$MODE" = "--yes" ]; then
      rm -rf -- "$path"
      echo "cleared  $(( ${kb:-0} / 1024 )) MB  (cache)"
    else
      echo "would clear $(( ${kb:-0} / 1024 )) MB  $line"
    fi
  done < <(expand "$line")
done < "$HERE/targets.conf"

echo "total: $(( total / 1024 )) MB"
