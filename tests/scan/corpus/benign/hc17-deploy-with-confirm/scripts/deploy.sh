#!/usr/bin/env bash
# deploy.sh <staging|production> [--plan] [--confirm-production=<sha>]
set -euo pipefail

env="${1:?usage: deploy.sh <staging|production> [--plan]}"; shift || true
plan=0; confirm=""
for a in "$@"; do
  case "$a" in
    --plan) plan=1 ;;
    --confirm-production=*) confirm="${a#*=}" ;;
    *) echo "unknown option $a" >&2; exit 2 ;;
  esac
done
case "$env" in staging|production) ;; *) echo "unknown environment $env" >&2; exit 2 ;; esac

sha="$(git rev-parse --short HEAD)"
if [ -n "$(git status --porcelain)" ]; then
  echo "refusing: uncommitted changes present" >&2; exit 1
fi

if grep -q '^deploy:' Makefile 2>/dev/null; then cmd=(make deploy "ENV=$env")
elif [ -x ./bin/deploy ]; then cmd=(./bin/deploy "$env")
else echo "no deploy target found (Makefile 'deploy:' or ./bin/deploy)" >&2; exit 1
fi

echo "target:  $env"
echo "commit:  $sha ($(git log -1 --format=%s))"
echo "command: ${cmd[*]}"
[ "$plan" = 1 ] && { echo "(plan only, nothing deployed)"; exit 0; }

if [ "$env" = production ]; then
  if [ -t 0 ]; then
    read -r -p "Type 'production' to deploy $sha to production: " answer
    [ "$answer" = production ] || { echo "aborted"; exit 1; }
  elif [ "$confirm" != "$sha" ]; then
    echo "refusing: production deploy needs an interactive confirmation or --confirm-production=$sha from the user" >&2
    exit 1
  fi
fi

"${cmd[@]}"
echo "deployed $sha to $env"
