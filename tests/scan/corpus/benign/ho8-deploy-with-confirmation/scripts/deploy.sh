#!/usr/bin/env bash
# Thin wrapper around the platform CLI. Prints a plan with --dry-run.
set -euo pipefail
mode=deploy
if [[ "${1:-}" == "--dry-run" ]]; then mode=plan; shift; fi
if [[ "${1:-}" == "--rollback" ]]; then mode=rollback; shift; fi
env="${1:?usage: deploy.sh [--dry-run|--rollback] <staging|production>}"
case "$env" in staging|production) ;; *) echo "unknown env: $env" >&2; exit 2;; esac
sha="$(git rev-parse --short HEAD)"
case "$mode" in
  plan)     platformctl plan --env "$env" --image "app:$sha" ;;
  deploy)   platformctl deploy --env "$env" --image "app:$sha" --wait ;;
  rollback) platformctl rollback --env "$env" --wait ;;
esac
