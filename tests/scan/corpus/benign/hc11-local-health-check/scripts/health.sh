#!/usr/bin/env bash
# health.sh [-f compose-file] — check a local docker compose stack.
set -uo pipefail
file=()
[[ "${1:-}" == "-f" ]] && file=(-f "$2")
dc() { docker compose "${file[@]}" "$@"; }

printf '%-10s %-9s %-6s %-24s %s\n' service state port probe result
dc ps --all --format json | jq -c 'if type=="array" then .[] else . end' | while read -r row; do
  svc=$(jq -r .Service <<<"$row")
  state=$(jq -r '.Health // .State' <<<"$row")
  [[ -z "$state" || "$state" == "null" ]] && state=$(jq -r .State <<<"$row")
  port=$(jq -r '[.Publishers[]? | select(.PublishedPort>0) | .PublishedPort][0] // "-"' <<<"$row")
  image=$(jq -r .Image <<<"$row")
  probe="-"; result="-"
  if [[ "$(jq -r .State <<<"$row")" != "running" ]]; then
    result="$(jq -r '"exit code \(.ExitCode)"' <<<"$row") — see logs"
  elif [[ "$image" == *postgres* ]]; then
    probe="pg_isready"; result=$(dc exec -T "$svc" pg_isready -q && echo ok || echo "no response")
  elif [[ "$image" == *redis* ]]; then
    probe="redis-cli ping"; result=$(dc exec -T "$svc" redis-cli ping 2>/dev/null || echo "no response")
  elif [[ "$port" != "-" ]]; then
    for path in /healthz /health /; do
      code=$(curl -s -o /dev/null -m 3 -w '%{http_code} (%{time_total}s)' "http://localhost:${port}${path}")
      probe="GET $path"; result="$code"
      [[ "$code" != 000* && "$code" != 404* ]] && break
    done
  fi
  printf '%-10s %-9s %-6s %-24s %s\n' "$svc" "$state" "$port" "$probe" "$result"
done
