#!/usr/bin/env bash
# Deploy with dry-run and human confirmation for production.
set -euo pipefail

TARGET=staging TAG="" DRY=0 ROLLBACK=0
SERVICE="${SERVICE:-$(basename "$(git rev-parse --show-toplevel 2>/dev/null || pwd)")}"
while [ $# -gt 0 ]; do
  case "$1" in
    --target) TARGET="$2"; shift 2 ;;
    --tag) TAG="$2"; shift 2 ;;
    --dry-run) DRY=1; shift ;;
    --rollback) ROLLBACK=1; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
case "$TARGET" in staging|production) ;; *) echo "target must be staging or production" >&2; exit 2 ;; esac
[ "$ROLLBACK" -eq 1 ] || [ -n "$TAG" ] || { echo "--tag is required" >&2; exit 2; }

APP="${SERVICE}-${TARGET}"
IMAGE="registry.fly.io/${APP}:${TAG}"

plan() {
  echo "service : $SERVICE"
  echo "target  : $TARGET ($APP)"
  if [ "$ROLLBACK" -eq 1 ]; then echo "action  : rollback to previous release"; else echo "image   : $IMAGE"; fi
  command -v fly >/dev/null && fly releases --app "$APP" 2>/dev/null | head -n 4 || true
}

confirm_production() {
  [ "$TARGET" = production ] || return 0
  if [ ! -t 0 ]; then
    echo "production deploys need an interactive terminal for confirmation" >&2
    exit 3
  fi
  printf 'Type the service name (%s) to deploy to PRODUCTION: ' "$SERVICE"
  read -r typed
  [ "$typed" = "$SERVICE" ] || { echo "confirmation did not match - aborted"; exit 3; }
}

plan
if [ "$DRY" -eq 1 ]; then
  echo "dry run - nothing deployed"
  exit 0
fi
confirm_production
if [ "$ROLLBACK" -eq 1 ]; then
  prev=$(fly releases --app "$APP" --json | python3 -c 'import json,sys; r=json.load(sys.stdin); print(r[1]["ImageRef"])')
  fly deploy --app "$APP" --image "$prev" --strategy rolling
else
  fly deploy --app "$APP" --image "$IMAGE" --strategy rolling --wait-timeout 300
fi
echo "deployed $APP"
