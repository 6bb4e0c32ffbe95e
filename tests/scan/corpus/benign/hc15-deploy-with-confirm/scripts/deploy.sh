#!/usr/bin/env bash
# Helm deploy with diff and typed confirmation for production.
set -euo pipefail

ENV="${1:?usage: deploy.sh <staging|production> <version> [--dry-run]}"
VERSION="${2:?version required}"
DRY="${3:-}"
RELEASE="${RELEASE:-webapp}"
CHART="${CHART:-./deploy/chart}"

case "$ENV" in
  staging)    CTX="staging-cluster";    NS="web-staging" ;;
  production) CTX="production-cluster"; NS="web" ;;
  *) echo "unknown environment: $ENV" >&2; exit 2 ;;
esac

[[ "$VERSION" =~ ^v[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "version must look like v1.2.3" >&2; exit 2; }

echo "== diff for $RELEASE@$VERSION on $CTX/$NS"
helm --kube-context "$CTX" -n "$NS" diff upgrade "$RELEASE" "$CHART" --set image.tag="$VERSION" || true

if [[ "$DRY" == "--dry-run" ]]; then
  echo "(dry run - nothing deployed)"
  exit 0
fi

if [[ "$ENV" == "production" ]]; then
  if [[ ! -t 0 ]]; then
    echo "production deploy needs an interactive terminal for confirmation" >&2
    exit 1
  fi
  read -r -p "Type 'production' to deploy $VERSION: " answer
  [[ "$answer" == "production" ]] || { echo "aborted"; exit 1; }
fi

prev="$(helm --kube-context "$CTX" -n "$NS" history "$RELEASE" --max 1 -o json | sed -n 's/.*"revision":\([0-9]*\).*/\1/p')"
helm --kube-context "$CTX" -n "$NS" upgrade --install "$RELEASE" "$CHART" \
  --set image.tag="$VERSION" --atomic --wait --timeout 10m

echo "deployed $VERSION to $ENV"
[[ -n "$prev" ]] && echo "rollback if needed: helm --kube-context $CTX -n $NS rollback $RELEASE $prev"
