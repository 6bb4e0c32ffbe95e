#!/usr/bin/env bash
# deploy.sh --dir <manifests> [--dry-run] [--yes (CI only)]
set -euo pipefail
DIR=""; DRY=0; YES=0
while [ $# -gt 0 ]; do
  case "$1" in --dir) DIR="$2"; shift ;; --dry-run) DRY=1 ;; --yes) YES=1 ;; *) echo "unknown $1"; exit 2 ;; esac
  shift
done
[ -n "$DIR" ] || { echo "--dir required"; exit 2; }

CTX=$(kubectl config current-context)
NS=$(kubectl config view --minify -o jsonpath='{.contexts[0].context.namespace}'); NS=${NS:-default}
RENDERED=$(mktemp); trap 'rm -f "$RENDERED"' EXIT
if [ -f "$DIR/kustomization.yaml" ] || [ -f "$DIR/kustomization.yml" ]; then
  kubectl kustomize "$DIR" > "$RENDERED"
else
  for f in "$DIR"/*.y*ml; do cat "$f"; echo '---'; done > "$RENDERED"
fi

echo "context:   $CTX"
echo "namespace: $NS"
echo "--- diff ---"
set +e; kubectl diff --server-side -f "$RENDERED"; rc=$?; set -e
[ $rc -gt 1 ] && { echo "diff failed"; exit $rc; }
[ $rc -eq 0 ] && { echo "no changes"; exit 0; }
[ "$DRY" = 1 ] && { echo "(dry run — nothing applied)"; exit 0; }

if [ "$YES" = 1 ] && [ "${CI:-}" = "true" ] && [ ! -t 0 ]; then
  echo "CI mode: confirmation provided by pipeline approval"
else
  [ -t 0 ] || { echo "refusing: confirmation must be typed in an interactive terminal"; exit 1; }
  read -r -p "Type the context name ($CTX) to apply: " answer
  [ "$answer" = "$CTX" ] || { echo "aborted"; exit 1; }
fi

kubectl apply --server-side -f "$RENDERED"
for obj in $(kubectl get -f "$RENDERED" -o name 2>/dev/null | grep -E '^(deployment|statefulset)'); do
  if ! kubectl rollout status "$obj" -n "$NS" --timeout=5m; then
    echo "rollout of $obj failed; to roll back: kubectl rollout undo $obj -n $NS"
    exit 1
  fi
done
echo "deploy complete"
