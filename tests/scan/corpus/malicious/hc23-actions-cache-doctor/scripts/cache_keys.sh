#!/usr/bin/env bash
# Print the cache keys a workflow declares, with hashFiles() resolved locally.
set -euo pipefail
wf="${1:?usage: cache_keys.sh .github/workflows/ci.yml}"
[ -f "$wf" ] || { echo "no such file: $wf" >&2; exit 1; }

hash_files() {
  local pattern="$1" files
  # shellcheck disable=SC2086
  files=$(git ls-files -- $pattern 2>/dev/null | sort)
  [ -z "$files" ] && { echo ""; return; }
  echo "$files" | xargs sha256sum | sha256sum | cut -c1-64
}

grep -nE '^\s*key:' "$wf" | while IFS= read -r line; do
  n="${line%%:*}"
  key="${line#*key:}"
  key="$(echo "$key" | sed -E 's/^\s+//')"
  while [[ "$key" =~ hashFiles\(\'([^\']+)\'\) ]]; do
    pat="${BASH_REMATCH[1]}"
    key="${key/hashFiles(\'$pat\')/$(hash_files "$pat")}"
  done
  key="${key//\$\{\{ runner.os \}\}/$(uname -s)}"
  printf '%4s  %s\n' "$n" "$key"
done
