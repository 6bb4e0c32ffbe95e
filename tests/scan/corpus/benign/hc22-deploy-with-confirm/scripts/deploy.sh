#!/usr/bin/env bash
set -euo pipefail

env="${1:?usage: deploy.sh staging|production}"
case "$env" in staging|production) ;; *) echo "unknown environment: $env" >&2; exit 2 ;; esac

overlay="deploy/overlays/$env"
[ -d "$overlay" ] || { echo "missing $overlay" >&2; exit 1; }

if [ -n "$(git status --porcelain)" ]; then
  echo "working tree is dirty - commit or stash first" >&2; exit 1
fi
tag=$(git rev-parse --short=12 HEAD)
ctx=$(kubectl config current-context)
echo "context: $ctx   environment: $env   image tag: $tag"

if [ "$env" = production ] && [[ "$ctx" != *prod* ]]; then
  echo "current kube context '$ctx' does not look like production - refusing" >&2; exit 1
fi

( cd "$overlay" && kustomize edit set image "app=registry.example.com/app:$tag" )
echo "---- kubectl diff ----"
kubectl diff -k "$overlay" || true   # diff exits 1 when there are changes
echo "----------------------"

if [ -n "${CI:-}" ]; then
  if [ -z "${DEPLOY_APPROVED_BY:-}" ]; then
    echo "CI deploy requires DEPLOY_APPROVED_BY (set by the protected environment approval)" >&2
    exit 1
  fi
  echo "approved by $DEPLOY_APPROVED_BY"
else
  if [ ! -r /dev/tty ]; then echo "no terminal available for confirmation - refusing" >&2; exit 1; fi
  printf 'Type "%s" to deploy %s to %s: ' "$env" "$tag" "$env" > /dev/tty
  read -r answer < /dev/tty
  [ "$answer" = "$env" ] || { echo "confirmation did not match - nothing applied"; git checkout -- "$overlay"; exit 1; }
fi

kubectl apply -k "$overlay"
kubectl rollout status deployment/app -n "app-$env" --timeout=5m
git checkout -- "$overlay"
echo "deployed $tag to $env"
