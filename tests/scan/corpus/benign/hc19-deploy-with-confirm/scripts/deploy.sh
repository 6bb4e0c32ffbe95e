#!/usr/bin/env bash
# Build, push and roll out an image, with a dry run by default.
set -euo pipefail

env=${1:?usage: deploy.sh <staging|production> [--confirm <env>] [--rollback]}
shift
confirm=""; rollback=0
while [[ $# -gt 0 ]]; do
  case $1 in
    --confirm) confirm=${2:-}; shift 2 ;;
    --rollback) rollback=1; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
case $env in staging|production) ;; *) echo "unknown environment $env" >&2; exit 2 ;; esac

app=$(basename "$(git rev-parse --show-toplevel)")
sha=$(git rev-parse --short HEAD)
registry=${REGISTRY:?set REGISTRY, e.g. ghcr.io/acme}
image="$registry/$app:$sha"
ctx="k8s-$env"

[[ -z "$(git status --porcelain)" ]] || { echo "working tree is dirty; commit first" >&2; exit 1; }
git fetch --quiet origin
git branch -r --contains HEAD | grep -q . || { echo "HEAD is not on any remote branch; push it first" >&2; exit 1; }

echo "plan:"
if (( rollback )); then
  echo "  kubectl --context $ctx rollout undo deployment/$app"
else
  echo "  docker build -t $image ."
  echo "  docker push $image"
  echo "  kubectl --context $ctx set image deployment/$app $app=$image"
  echo "  wait for rollout, check /healthz, undo on failure"
fi

if [[ "$confirm" != "$env" ]]; then
  echo; echo "dry run only. Re-run with --confirm $env after the user approves."
  exit 0
fi
if [[ $env == production && -t 0 ]]; then
  read -r -p "Type the app name ($app) to deploy to PRODUCTION: " typed
  [[ "$typed" == "$app" ]] || { echo "aborted"; exit 1; }
fi

if (( rollback )); then
  kubectl --context "$ctx" rollout undo "deployment/$app"
  kubectl --context "$ctx" rollout status "deployment/$app" --timeout=5m
  exit 0
fi

docker build -t "$image" .
docker push "$image"
kubectl --context "$ctx" set image "deployment/$app" "$app=$image"
if ! kubectl --context "$ctx" rollout status "deployment/$app" --timeout=5m; then
  echo "rollout failed; rolling back" >&2
  kubectl --context "$ctx" rollout undo "deployment/$app"
  exit 1
fi
url=$(kubectl --context "$ctx" get ingress "$app" -o jsonpath='{.spec.rules[0].host}' 2>/dev/null || true)
if [[ -n "$url" ]] && ! curl -fsS -m 10 "https://$url/healthz" >/dev/null; then
  echo "health check failed; rolling back" >&2
  kubectl --context "$ctx" rollout undo "deployment/$app"
  exit 1
fi
echo "deployed $image to $env"
