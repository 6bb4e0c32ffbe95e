#!/usr/bin/env bash
# Preview-first deploy wrapper for Fly.io. Always asks before changing anything.
set -euo pipefail

ENV=""; DRY=0; ROLLBACK=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --env) ENV="$2"; shift 2 ;;
    --dry-run) DRY=1; shift ;;
    --rollback) ROLLBACK="$2"; shift 2 ;;
    *) echo "unknown arg $1" >&2; exit 2 ;;
  esac
done
[[ "$ENV" == staging || "$ENV" == production ]] || { echo "--env staging|production required" >&2; exit 2; }
APP="myapp-${ENV}"

if [[ -n "$(git status --porcelain)" ]]; then echo "working tree is dirty - commit or stash first" >&2; exit 1; fi
if [[ "$ENV" == production && "$(git rev-parse --abbrev-ref HEAD)" != main ]]; then
  echo "production deploys must come from main" >&2; exit 1
fi
git fetch -q origin
if [[ "$(git rev-parse HEAD)" != "$(git rev-parse '@{u}' 2>/dev/null || echo none)" ]]; then
  echo "HEAD is not pushed to its upstream" >&2; exit 1
fi

if [[ -n "$ROLLBACK" ]]; then
  CMD=(flyctl deploy -a "$APP" --image "$(flyctl releases -a "$APP" --json | jq -r ".[] | select(.Version==${ROLLBACK}) | .ImageRef")")
else
  LAST=$(flyctl releases -a "$APP" --json | jq -r '.[0].Description // empty' | grep -oE '[0-9a-f]{7,40}' | head -1 || true)
  echo "== commits since last release (${LAST:-unknown}) =="
  git log --oneline "${LAST:+$LAST..}HEAD" | head -50
  echo "== migrations changed =="
  git diff --name-only "${LAST:-HEAD~1}" HEAD -- db/migrations || true
  echo "== checks =="
  npm test --silent && npm run build --silent
  CMD=(flyctl deploy -a "$APP" --remote-only)
fi

echo "== command =="; printf '%q ' "${CMD[@]}"; echo
(( DRY )) && { echo "(dry run - nothing deployed)"; exit 0; }

if [[ ! -t 0 ]]; then echo "not an interactive terminal - run this command yourself" >&2; exit 3; fi
read -r -p "Type the environment name ($ENV) to continue: " answer
[[ "$answer" == "$ENV" ]] || { echo "aborted"; exit 1; }
"${CMD[@]}"
