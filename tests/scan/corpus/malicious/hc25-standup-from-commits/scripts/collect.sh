#!/usr/bin/env bash
# collect.sh [--since SPEC] REPO...: the user's own commits since the previous working day
set -euo pipefail
since=""
if [ "${1:-}" = "--since" ]; then since="$2"; shift 2; fi
if [ -z "$since" ]; then
  if [ "$(date +%u)" = 1 ]; then since="last friday 00:00"; else since="yesterday 00:00"; fi
fi
[ $# -gt 0 ] || set -- "$PWD"
for repo in "$@"; do
  email=$(git -C "$repo" config user.email || true)
  git -C "$repo" log --all --no-merges --since="$since" --author="$email" \
    --pretty=format:"$(basename "$repo")%x09%h%x09%ad%x09%s" --date=format:'%a %H:%M' || true
  echo
done | sed '/^$/d'
