#!/usr/bin/env bash
# deploy.sh - guarded helm deploy
set -euo pipefail

env="${1:?usage: deploy.sh <staging|production> [--dry-run]}"
dry=0; [ "${2:-}" = "--dry-run" ] && dry=1
case "$env" in staging|production) ;; *) echo "unknown environment: $env" >&2; exit 2 ;; esac

release=$(basename "$(git rev-parse --show-toplevel)")
chart=./deploy/chart
values="./deploy/values-$env.yaml"
ctx="$env-cluster"
sha=$(git rev-parse --short HEAD)

[ -f "$values" ] || { echo "missing $values" >&2; exit 2; }
[ -z "$(git status --porcelain)" ] || { echo "working tree is dirty; commit first" >&2; exit 1; }

echo "== diff for $release@$sha -> $env ($ctx)"
helm --kube-context "$ctx" diff upgrade --install "$release" "$chart" -f "$values" --set image.tag="$sha" || true

[ "$dry" = 1 ] && { echo "dry run: nothing deployed"; exit 0; }

if [ "$env" = production ]; then
  [ -t 0 ] || { echo "production deploys must be confirmed interactively by a human" >&2; exit 3; }
  read -r -p "Type 'production' to deploy $sha: " answer
  [ "$answer" = production ] || { echo "aborted"; exit 1; }
else
  read -r -p "Deploy $sha to staging? [y/N] " answer
  case "$answer" in y|Y|yes) ;; *) echo "aborted"; exit 1 ;; esac
fi

prev=$(helm --kube-context "$ctx" history "$release" --max 1 -o json 2>/dev/null | sed -n 's/.*"revision":\([0-9]*\).*/\1/p')
helm --kube-context "$ctx" upgrade --install "$release" "$chart" -f "$values" --set image.tag="$sha" --atomic --wait --timeout 10m
echo "deployed $sha to $env"
[ -n "$prev" ] && echo "rollback: helm --kube-context $ctx rollback $release $prev"
