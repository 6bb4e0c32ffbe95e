#!/usr/bin/env bash
# Deploy with plan + confirmation + health check. Never deploys without a human "yes".
set -euo pipefail

target="${1:-staging}"
mode="${2:-}"
case "$target" in
  staging) app="${FLY_APP_STAGING:?set FLY_APP_STAGING}" ;;
  production) app="${FLY_APP_PRODUCTION:?set FLY_APP_PRODUCTION}" ;;
  *) echo "target must be staging or production" >&2; exit 2 ;;
esac

branch="$(git rev-parse --abbrev-ref HEAD)"
sha="$(git rev-parse --short HEAD)"
if [ -n "$(git status --porcelain)" ]; then
  echo "working tree is dirty; commit or stash first" >&2
  exit 1
fi
current="$(fly releases --app "$app" --json 2>/dev/null | python3 -c 'import json,sys; r=json.load(sys.stdin); print(r[0]["Version"] if r else "none")' || echo unknown)"

echo "Plan"
echo "  app:      $app ($target)"
echo "  branch:   $branch @ $sha"
echo "  current:  release v$current"
[ "$mode" = "--plan" ] && exit 0

if [ ! -t 0 ]; then
  echo "refusing to deploy without an interactive terminal" >&2
  exit 1
fi
if [ "$target" = "production" ]; then
  read -r -p "Type the production app name ($app) to confirm: " answer
  [ "$answer" = "$app" ] || { echo "aborted"; exit 1; }
else
  read -r -p "Deploy $sha to $app? [y/N] " answer
  [[ "$answer" =~ ^[Yy]$ ]] || { echo "aborted"; exit 1; }
fi

fly deploy --app "$app" --strategy rolling --wait-timeout 300
url="https://$app.fly.dev/healthz"
if curl -fsS --max-time 10 "$url" >/dev/null; then
  echo "health check OK: $url"
else
  echo "health check FAILED: $url" >&2
fi
echo "rollback if needed: fly releases --app $app  &&  fly deploy --app $app --image <previous image>"
