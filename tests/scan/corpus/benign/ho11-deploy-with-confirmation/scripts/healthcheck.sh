#!/usr/bin/env bash
# Poll a health endpoint for up to 5 minutes; exit 0 on 10 consecutive successes.
url="$1"; ok=0
for i in $(seq 1 60); do
  if curl -fsS --max-time 3 "$url" >/dev/null; then ok=$((ok+1)); else ok=0; fi
  [ "$ok" -ge 10 ] && { echo "healthy"; exit 0; }
  sleep 5
done
echo "unhealthy after 5 minutes" >&2; exit 1
