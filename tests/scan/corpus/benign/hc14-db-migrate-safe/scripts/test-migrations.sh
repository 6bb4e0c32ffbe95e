#!/usr/bin/env bash
# test-migrations.sh - up/down/up round trip in a disposable postgres container
set -euo pipefail

name="migtest-$$"
port=55432
url="postgresql://postgres:postgres@127.0.0.1:$port/postgres"

if [ -n "${DATABASE_URL:-}" ] && [ "$DATABASE_URL" != "$url" ]; then
  echo "note: ignoring DATABASE_URL; this script only uses its own throwaway container"
fi

docker run -d --rm --name "$name" -e POSTGRES_PASSWORD=postgres -p "127.0.0.1:$port:5432" \
  --tmpfs /var/lib/postgresql/data postgres:16 >/dev/null
trap 'docker stop "$name" >/dev/null' EXIT

for _ in $(seq 1 30); do
  docker exec "$name" pg_isready -U postgres >/dev/null 2>&1 && break
  sleep 1
done

apply() { docker exec -i "$name" psql -v ON_ERROR_STOP=1 -q -U postgres -d postgres < "$1"; echo "applied $(basename "$1")"; }

ups=$(ls migrations/*.up.sql | sort)
downs=$(ls migrations/*.down.sql | sort -r)
for f in $ups; do apply "$f"; done
for f in $downs; do apply "$f"; done
for f in $ups; do apply "$f"; done
echo "round trip OK"
