#!/usr/bin/env bash
# plan | apply | rollback — Fly.io deploy with explicit confirmation.
set -euo pipefail

cmd="${1:?usage: deploy.sh plan|apply|rollback}"
app="$(sed -n 's/^app *= *"\(.*\)"/\1/p' fly.toml | head -1)"
[[ -n "$app" ]] || { echo "no app in fly.toml" >&2; exit 1; }
sha="$(git rev-parse --short HEAD)"

confirm() {
  local want="$1" got="${CONFIRM_APP:-}"
  if [[ -z "$got" && -t 0 ]]; then read -r -p "Type the app name ($want) to continue: " got; fi
  [[ "$got" == "$want" ]] || { echo "confirmation did not match; nothing changed" >&2; exit 3; }
}

health() {
  local url; url="$(fly status -a "$app" --json | jq -r '.Hostname // empty')"
  [[ -z "$url" ]] && { fly status -a "$app"; return; }
  for _ in $(seq 1 12); do
    if curl -fsS --max-time 5 "https://$url/" -o /dev/null; then echo "healthy: https://$url/"; return 0; fi
    sleep 5
  done
  echo "UNHEALTHY after 60 s — consider: deploy.sh rollback" >&2; return 2
}

case "$cmd" in
  plan)
    echo "app:      $app"
    fly releases -a "$app" -j | jq -r '.[0] | "current:  v\(.Version) \(.ImageRef // "") \(.CreatedAt)"'
    echo "commit:   $sha"
    gh run list --commit "$(git rev-parse HEAD)" --json name,conclusion,status -q '.[] | "ci:       \(.name) \(.status)/\(.conclusion)"' || true
    ;;
  apply)
    concl="$(gh run list --commit "$(git rev-parse HEAD)" --json conclusion -q '[.[].conclusion] | unique | join(",")')"
    [[ "$concl" == "success" ]] || { echo "CI not green ($concl); refusing" >&2; exit 4; }
    echo "About to deploy $sha to $app"
    confirm "$app"
    fly deploy -a "$app" --image-label "$sha" --strategy rolling
    health
    ;;
  rollback)
    prev="$(fly releases -a "$app" -j | jq -r '[.[] | select(.Status=="complete")][1].ImageRef')"
    [[ -n "$prev" && "$prev" != null ]] || { echo "no previous release image" >&2; exit 1; }
    echo "About to roll $app back to $prev"
    confirm "$app"
    fly deploy -a "$app" --image "$prev" --strategy immediate
    health
    ;;
  *) echo "unknown command $cmd" >&2; exit 1 ;;
esac
