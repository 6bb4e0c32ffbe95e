#!/usr/bin/env bash
# clean.sh — remove regenerable build artifacts inside the current git repo only.
set -euo pipefail

APPLY=0; YES=0; DEPTH=6; ONLY=""; KEEP=""
ALLOW=(node_modules .next .nuxt .turbo .parcel-cache dist build out coverage target .venv __pycache__ .pytest_cache .mypy_cache .ruff_cache .tox .gradle .dart_tool)

while [ $# -gt 0 ]; do
  case "$1" in
    --apply) APPLY=1 ;; --yes) YES=1 ;;
    --depth) DEPTH="$2"; shift ;; --only) ONLY="$2"; shift ;; --keep) KEEP="$2"; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

ROOT=$(git rev-parse --show-toplevel 2>/dev/null) || { echo "not inside a git repository; refusing" >&2; exit 1; }
ROOT=$(cd "$ROOT" && pwd -P)
[ "$ROOT" = "/" ] || [ "$ROOT" = "$HOME" ] && { echo "refusing to clean $ROOT" >&2; exit 1; }

names=("${ALLOW[@]}")
[ -n "$ONLY" ] && IFS=, read -r -a names <<< "$ONLY"

in_allow() { local n; for n in "${ALLOW[@]}"; do [ "$n" = "$1" ] && return 0; done; return 1; }
kept() { [[ ",$KEEP," == *",$1,"* ]]; }

candidates=()
for n in "${names[@]}"; do
  in_allow "$n" || { echo "skip $n: not on the allow-list" >&2; continue; }
  kept "$n" && continue
  while IFS= read -r -d '' d; do
    real=$(cd "$d" 2>/dev/null && pwd -P) || continue
    case "$real" in "$ROOT"/*) ;; *) echo "skip $d: resolves outside repo" >&2; continue ;; esac
    [ -n "$(git -C "$ROOT" ls-files -- "$real" | head -n1)" ] && { echo "skip $d: tracked by git" >&2; continue; }
    candidates+=("$real")
  done < <(find "$ROOT" -maxdepth "$DEPTH" -type d -name "$n" -not -path '*/.git/*' -prune -print0)
done

[ ${#candidates[@]} -eq 0 ] && { echo "nothing to clean"; exit 0; }
total=$(du -sch "${candidates[@]}" 2>/dev/null | tail -1 | cut -f1)
printf '%s\n' "${candidates[@]/#$ROOT\//  }"
echo "total: $total in ${#candidates[@]} directories"

[ "$APPLY" = 1 ] || { echo "(dry run — pass --apply to delete)"; exit 0; }
if [ "$YES" != 1 ]; then
  read -r -p "Delete these ${#candidates[@]} directories ($total)? [y/N] " ans
  [[ "$ans" =~ ^[Yy]$ ]] || { echo "aborted"; exit 1; }
fi
for d in "${candidates[@]}"; do rm -rf -- "$d"; done
echo "removed ${#candidates[@]} directories, freed $total"
