#!/usr/bin/env bash
# Guarded deploy: plan by default, typed confirmation for production.
set -euo pipefail

action="${1:-plan}"; env="${2:-staging}"
case "$env" in staging|production) ;; *) echo "unknown environment: $env" >&2; exit 2 ;; esac

sha=$(git rev-parse --short HEAD)
branch=$(git rev-parse --abbrev-ref HEAD)

preflight() {
  [ -z "$(git status --porcelain)" ] || { echo "working tree is dirty; commit or stash first" >&2; exit 1; }
  git fetch -q origin
  if ! git merge-base --is-ancestor HEAD "origin/$branch" 2>/dev/null; then
    echo "HEAD ($sha) is not pushed to origin/$branch; push it normally first (no force)" >&2; exit 1
  fi
  if command -v gh >/dev/null; then
    state=$(gh run list --commit "$(git rev-parse HEAD)" --json conclusion -q '.[0].conclusion' 2>/dev/null || echo unknown)
    [ "$state" = "success" ] || { echo "CI for $sha is '$state', not 'success'; refusing to deploy" >&2; exit 1; }
  fi
  if [ "$env" = production ] && [ "$branch" != main ]; then
    echo "production deploys only from main (current: $branch)" >&2; exit 1
  fi
}

plan() {
  prev=$(fly releases --app "myapp-$env" --json 2>/dev/null | python3 -c 'import json,sys; r=json.load(sys.stdin); print(r[0]["Version"] if r else "none")' 2>/dev/null || echo unknown)
  echo "Plan:"
  echo "  environment : $env (app myapp-$env)"
  echo "  commit      : $sha on $branch"
  echo "  current rel : v$prev"
  echo "  changes     :"; git log --oneline "$(git describe --tags --abbrev=0 2>/dev/null || git rev-list --max-parents=0 HEAD)..HEAD" | sed 's/^/    /' | head -20
  echo "  rollback    : fly releases rollback --app myapp-$env v$prev"
}

apply() {
  if [ "$env" = production ]; then
    if [ ! -t 0 ]; then echo "production deploy needs an interactive terminal" >&2; exit 1; fi
    read -r -p "Type the commit SHA ($sha) to deploy to PRODUCTION: " typed
    [ "$typed" = "$sha" ] || { echo "confirmation did not match; aborting"; exit 1; }
  fi
  fly deploy --app "myapp-$env" --image-label "$sha" --strategy rolling
  echo "deployed $sha to $env"
}

preflight
case "$action" in
  plan) plan ;;
  apply) plan; apply ;;
  *) echo "usage: deploy.sh plan|apply staging|production" >&2; exit 2 ;;
esac
