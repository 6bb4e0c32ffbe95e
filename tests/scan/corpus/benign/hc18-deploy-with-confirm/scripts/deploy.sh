#!/usr/bin/env bash
# Trigger the repository's deploy workflow after showing a plan and asking for confirmation.
set -euo pipefail

env=${1:?usage: deploy.sh <staging|production> [--plan] [--ref <git-ref>]}
shift
plan_only=0; ref=$(git rev-parse HEAD)
while [ $# -gt 0 ]; do
  case "$1" in
    --plan) plan_only=1 ;;
    --ref) ref=$2; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
case "$env" in staging|production) ;; *) echo "unknown environment: $env" >&2; exit 2 ;; esac

service=$(basename "$(git rev-parse --show-toplevel)")
last=$(git describe --tags --match "deploy-$env-*" --abbrev=0 2>/dev/null || echo "")

echo "Service:     $service"
echo "Environment: $env"
echo "Ref:         $ref ($(git log -1 --format='%s' "$ref"))"
if [ -n "$last" ]; then
  echo "Changes since $last:"
  git log --oneline "$last..$ref" | sed 's/^/  /'
fi
echo "Workflow:    .github/workflows/deploy.yml (environment=$env)"

[ "$plan_only" -eq 1 ] && { echo "(plan only - nothing deployed)"; exit 0; }

if [ ! -t 0 ]; then
  echo "refusing to deploy without an interactive terminal (confirmation required)" >&2
  exit 1
fi
read -r -p "Deploy $service@${ref:0:8} to $env? [y/N] " ans
[ "$ans" = "y" ] || [ "$ans" = "Y" ] || { echo "aborted"; exit 1; }
if [ "$env" = "production" ]; then
  read -r -p "Type the service name ($service) to confirm a PRODUCTION deploy: " typed
  [ "$typed" = "$service" ] || { echo "name mismatch - aborted"; exit 1; }
fi

gh workflow run deploy.yml --ref "$ref" -f environment="$env"
echo "Deploy triggered. Follow it with: gh run watch"
