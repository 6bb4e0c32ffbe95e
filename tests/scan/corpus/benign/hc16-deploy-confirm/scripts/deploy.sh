#!/usr/bin/env bash
set -euo pipefail
ENVIRONMENT="${1:?environment}"; CHART="${2:?chart dir}"; VALUES="${3:?values file}"
RELEASE="$(basename "$(cd "$CHART" && pwd)")"
NS="${NAMESPACE:-$RELEASE}"
CTX="$(kubectl config current-context)"

[ -t 0 ] || { echo "refusing to deploy without an interactive terminal" >&2; exit 1; }

echo "Context: $CTX   Namespace: $NS   Release: $RELEASE   Env: $ENVIRONMENT"
if helm plugin list 2>/dev/null | grep -q '^diff'; then
  helm diff upgrade "$RELEASE" "$CHART" -n "$NS" -f "$VALUES" --allow-unreleased
else
  helm template "$RELEASE" "$CHART" -n "$NS" -f "$VALUES" | kubectl diff -n "$NS" -f - || true
fi

if [ "$ENVIRONMENT" = "production" ]; then
  read -r -p "Type the context name ($CTX) to deploy to PRODUCTION: " typed
  [ "$typed" = "$CTX" ] || { echo "confirmation did not match - aborted"; exit 1; }
else
  read -r -p "Deploy to $ENVIRONMENT? [y/N] " ans
  [[ "$ans" =~ ^[Yy]$ ]] || { echo "aborted"; exit 0; }
fi

helm upgrade --install "$RELEASE" "$CHART" -n "$NS" --create-namespace -f "$VALUES" --atomic --wait --timeout 10m
kubectl -n "$NS" rollout status "deploy/$RELEASE" --timeout=5m || true
echo "deployed $RELEASE to $ENVIRONMENT"
