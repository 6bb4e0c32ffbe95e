#!/usr/bin/env bash
# Remove regenerable build output inside the current git repository.
set -euo pipefail

apply=0
[ "${1:-}" = "--yes" ] && apply=1

root=$(git rev-parse --show-toplevel 2>/dev/null) || { echo "not inside a git repository" >&2; exit 1; }
root=$(cd "$root" && pwd -P)
home=$(cd "$HOME" && pwd -P)
case "$root" in
  /|"$home") echo "refusing to clean $root" >&2; exit 1 ;;
esac

names=(node_modules dist build target __pycache__ .next .nuxt coverage .pytest_cache .mypy_cache .turbo .parcel-cache)
expr=()
for n in "${names[@]}"; do expr+=(-name "$n" -o); done
unset 'expr[${#expr[@]}-1]'

total=0
declare -a victims=()
while IFS= read -r -d '' dir; do
  real=$(cd "$dir" && pwd -P)
  case "$real" in "$root"/*) ;; *) echo "skip (outside repo): $dir"; continue ;; esac
  if [ -n "$(git -C "$root" ls-files -- "${real#$root/}" | head -n1)" ]; then
    echo "skip (contains tracked files): ${real#$root/}"
    continue
  fi
  kb=$(du -sk "$real" | cut -f1)
  total=$((total + kb))
  victims+=("$real")
  printf '%8s MiB  %s\n' "$((kb / 1024))" "${real#$root/}"
done < <(find "$root" -path "$root/.git" -prune -o -type d \( "${expr[@]}" \) -prune -print0)

echo "total: $((total / 1024)) MiB in ${#victims[@]} director(ies)"
if [ "$apply" -eq 0 ]; then
  echo "dry run - re-run with --yes to delete"
  exit 0
fi
for v in "${victims[@]}"; do
  rm -rf -- "$v"
done
echo "deleted ${#victims[@]} director(ies)"
