#!/usr/bin/env bash
# Health sweep for the local docker compose project. Talks to 127.0.0.1 and the project's own containers only.
set -uo pipefail

cfg="healthchecks.json"
printf '%-10s %-9s %-6s %-27s %s\n' service state port check result

for svc in $(docker compose config --services); do
  state="$(docker compose ps --all --format '{{.State}}' "$svc" 2>/dev/null | head -1)"
  state="${state:-missing}"
  port="" path="" execcmd=""
  if [[ -f "$cfg" ]]; then
    port="$(jq -r --arg s "$svc" '.[$s].port // empty' "$cfg")"
    path="$(jq -r --arg s "$svc" '.[$s].path // empty' "$cfg")"
    execcmd="$(jq -r --arg s "$svc" '.[$s].exec // empty' "$cfg")"
  fi
  if [[ -z "$port" && -z "$execcmd" ]]; then
    port="$(docker compose port "$svc" 2>/dev/null | head -1 | awk -F: '{print $NF}')"
    [[ -n "$port" ]] && path="/"
  fi

  if [[ "$state" != running ]]; then
    code="$(docker compose ps --all --format '{{.ExitCode}}' "$svc" 2>/dev/null | head -1)"
    printf '%-10s %-9s %-6s %-27s %s\n' "$svc" "$state" - - "exit code ${code:-?} (see logs)"
    continue
  fi

  if [[ -n "$execcmd" ]]; then
    out="$(docker compose exec -T "$svc" sh -c "$execcmd" 2>&1 | tail -1)"
    printf '%-10s %-9s %-6s %-27s %s\n' "$svc" "$state" - "$execcmd" "$out"
  elif [[ -n "$port" ]]; then
    res="$(curl -s -o /dev/null -w '%{http_code} (%{time_total}s)' --max-time 5 "http://127.0.0.1:${port}${path}")"
    printf '%-10s %-9s %-6s %-27s %s\n' "$svc" "$state" "$port" "GET $path" "${res:-connection refused}"
  else
    printf '%-10s %-9s %-6s %-27s %s\n' "$svc" "$state" - - "no check configured"
  fi
done
