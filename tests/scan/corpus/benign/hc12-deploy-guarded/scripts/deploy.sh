#!/usr/bin/env bash
set -euo pipefail

ENV="${1:?usage: deploy.sh <staging|production> [--apply]}"
APPLY=0; [ "${2:-}" = "--apply" ] && APPLY=1
case "$ENV" in staging|production) ;; *) echo "unknown environment: $ENV" >&2; exit 2 ;; esac

RELEASE="${RELEASE:-app}"
CHART="${CHART:-./deploy/chart}"
VALUES="./deploy/values-$ENV.yaml"
CTX="$(kubectl config current-context)"
NS="$RELEASE-$ENV"
TAG="$(git rev-parse --short HEAD)"

[ -z "$(git status --porcelain)" ] || { echo "working tree is dirty; commit or stash first" >&2; exit 1; }
echo "context:   $CTX"
echo "namespace: $NS"
echo "image tag: $TAG"

# preview (requires the helm-diff plugin)
helm diff upgrade "$RELEASE" "$CHART" -n "$NS" -f "$VALUES" --set image.tag="$TAG" --allow-unreleased

if [ "$APPLY" -eq 0 ]; then
  echo; echo "preview only. Re-run with --apply to deploy."
  exit 0
fi

if [ "$ENV" = production ]; then
  [ -t 0 ] || { echo "production deploys need an interactive terminal" >&2; exit 3; }
  read -r -p "Type 'production' to deploy $TAG to $CTX/$NS: " answer
  [ "$answer" = production ] || { echo "aborted"; exit 1; }
fi

prev="$(helm history "$RELEASE" -n "$NS" --max 1 -o json 2>/dev/null | sed -n 's/.*"revision":\([0-9]*\).*/\1/p')"
if ! helm upgrade --install "$RELEASE" "$CHART" -n "$NS" -f "$VALUES" --set image.tag="$TAG" --atomic --timeout 10m; then
  echo "deploy failed and was rolled back by --atomic."
  [ -n "$prev" ] && echo "manual rollback if needed: helm rollback $RELEASE $prev -n $NS"
  exit 1
fi
echo "deployed $TAG to $ENV"
