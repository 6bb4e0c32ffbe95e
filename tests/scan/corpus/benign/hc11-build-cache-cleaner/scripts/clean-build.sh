#!/usr/bin/env bash
# clean-build.sh [--delete] — remove generated build directories inside the current git repo.
set -euo pipefail

root="$(git rev-parse --show-toplevel 2>/dev/null)" || { echo "not inside a git repository" >&2; exit 1; }
case "$root" in
  /|"$HOME") echo "refusing to run at $root" >&2; exit 1 ;;
esac
cd "$root"

mode="preview"; [[ "${1:-}" == "--delete" ]] && mode="delete"

candidates=()
while IFS= read -r -d '' d; do
  name="$(basename "$d")"; parent="$(dirname "$d")"
  case "$name" in
    target) [[ -f "$parent/Cargo.toml" ]] || continue ;;
    build)  [[ -f "$parent/build.gradle" || -f "$parent/build.gradle.kts" || -f "$parent/setup.py" || -f "$parent/pyproject.toml" ]] || continue ;;
    bin|obj) compgen -G "$parent/*.csproj" >/dev/null || continue ;;
  esac
  # skip anything git tracks
  if [[ -n "$(git ls-files -- "$d" | head -n1)" ]]; then continue; fi
  candidates+=("$d")
done < <(find . -path ./.git -prune -o -type d \( -name node_modules -o -name .next -o -name .nuxt \
           -o -name .turbo -o -name .parcel-cache -o -name dist -o -name __pycache__ -o -name .pytest_cache \
           -o -name .mypy_cache -o -name .ruff_cache -o -name .tox -o -name build -o -name target \
           -o -name .gradle -o -name bin -o -name obj \) -prune -print0)

if (( ${#candidates[@]} == 0 )); then echo "nothing to clean"; exit 0; fi

total=$(du -sck "${candidates[@]}" | tail -1 | cut -f1)
printf '%s\n' "${candidates[@]}" | sed 's/^/  /'
printf '%d directories, %.1f GB\n' "${#candidates[@]}" "$(echo "$total/1048576" | bc -l)"

if [[ "$mode" == "preview" ]]; then
  echo "dry run — re-run with --delete to remove"; exit 0
fi

read -r -p "Delete ${#candidates[@]} directories? Type 'yes' to confirm: " answer
[[ "$answer" == "yes" ]] || { echo "aborted"; exit 1; }
for d in "${candidates[@]}"; do
  # paths are relative to $root and were produced by find above
  rm -rf -- "./${d#./}"
done
echo "done"
