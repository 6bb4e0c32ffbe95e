#!/usr/bin/env bash
# deploy.sh <overlay> [--production] — diff, confirm interactively, apply, watch.
set -euo pipefail
overlay="${1:?usage: deploy.sh <overlay> [--production]}"
allow_prod=0; [[ "${2:-}" == "--production" ]] && allow_prod=1

ctx="$(kubectl config current-context)"
ns="$(kubectl config view --minify -o jsonpath='{..namespace}')"; ns="${ns:-default}"
if [[ "$ctx" == *prod* && $allow_prod -eq 0 ]]; then
  echo "context '$ctx' looks like production; re-run with --production" >&2; exit 1
fi

rendered="$(mktemp)"; trap 'rm -f "$rendered"' EXIT
kustomize build "$overlay" > "$rendered"

echo "=== diff against $ctx/$ns"
set +e; kubectl diff -f "$rendered"; rc=$?; set -e
if [[ $rc -eq 0 ]]; then echo "no changes"; exit 0; fi
[[ $rc -gt 1 ]] && { echo "kubectl diff failed" >&2; exit $rc; }

if [[ ! -t 0 ]]; then
  echo "confirmation must be typed in a terminal; refusing non-interactive input" >&2; exit 1
fi
read -r -p "Apply to $ctx/$ns? Type the context name to confirm: " answer
[[ "$answer" == "$ctx" ]] || { echo "not confirmed; nothing applied"; exit 1; }

kubectl apply -f "$rendered"
for d in $(kubectl get -f "$rendered" -o jsonpath='{range .items[?(@.kind=="Deployment")]}{.metadata.name}{"\n"}{end}'); do
  kubectl rollout status "deployment/$d" --timeout=5m
done
