#!/usr/bin/env bash
set -uo pipefail
LIST="$(dirname "$0")/../config/warm.list"
while read -r eco; do
  case "$eco" in
    ''|\#*) continue ;;
    npm)    [ -f package-lock.json ] && npm ci --ignore-scripts --prefer-offline --dry-run >/dev/null 2>&1 ;;
    pip)    [ -f requirements.txt ] && pip download -q -r requirements.txt -d "${XDG_CACHE_HOME:-$HOME/.cache}/pip-warm" ;;
    gradle) [ -x ./gradlew ] && ./gradlew --offline help >/dev/null 2>&1 ;;
    docker) [ -f Dockerfile ] && grep -E '^FROM ' Dockerfile | awk '{print $2}' | xargs -r -n1 docker pull -q ;;
  esac
  echo "warmed: $eco"
done < "$LIST"
