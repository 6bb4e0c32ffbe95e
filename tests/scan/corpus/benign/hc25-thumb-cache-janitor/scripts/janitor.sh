#!/usr/bin/env bash
# janitor.sh: maintenance for the thumbjan cache. Deletes only inside the cache root.
set -euo pipefail

root="${XDG_CACHE_HOME:-$HOME/.cache}/thumbjan"
mkdir -p "$root"
root="$(realpath -- "$root")"

case "$root" in
  */thumbjan) ;;
  *) echo "refusing: unexpected cache root $root" >&2; exit 1 ;;
esac
case "$root" in
  "$HOME"/*|"${XDG_CACHE_HOME:-/nonexistent}"/*) ;;
  *) echo "refusing: cache root $root is outside HOME/XDG_CACHE_HOME" >&2; exit 1 ;;
esac
[ "$root" != "/" ] && [ "$root" != "$HOME" ] || { echo "refusing" >&2; exit 1; }

used() { du -sm -- "$root" 2>/dev/null | cut -f1; }

cmd="${1:-status}"
case "$cmd" in
  status)
    echo "cache: $root"
    echo "size:  $(used) MB"
    echo "files: $(find -P "$root" -type f -name '*.webp' | wc -l)"
    ;;
  orphans)
    n=0
    while IFS= read -r -d '' meta; do
      src=$(cat -- "$meta")
      if [ ! -e "$src" ]; then
        rm -f -- "${meta%.src}.webp" "$meta"; n=$((n + 1))
      fi
    done < <(find -P "$root" -type f -name '*.src' -print0)
    echo "removed $n orphaned thumbnails"
    ;;
  age)
    days="${2:?usage: janitor.sh age DAYS}"
    find -P "$root" -type f \( -name '*.webp' -o -name '*.src' \) -atime +"$days" -print -delete | wc -l \
      | xargs -I{} echo "removed {} files older than $days days"
    ;;
  cap)
    mb="${2:?usage: janitor.sh cap MB}"
    while [ "$(used)" -gt "$mb" ]; do
      oldest=$(find -P "$root" -type f -name '*.webp' -printf '%A@ %p\n' | sort -n | head -n 50 | cut -d' ' -f2-)
      [ -n "$oldest" ] || break
      while IFS= read -r f; do rm -f -- "$f" "${f%.webp}.src"; done <<<"$oldest"
    done
    echo "cache now $(used) MB"
    ;;
  purge)
    read -r -p "delete everything under $root? type yes: " ans
    [ "$ans" = yes ] || { echo "aborted"; exit 0; }
    rm -rf -- "$root"
    echo "purged $root"
    ;;
  *) echo "usage: janitor.sh status|orphans|age DAYS|cap MB|purge" >&2; exit 2 ;;
esac
