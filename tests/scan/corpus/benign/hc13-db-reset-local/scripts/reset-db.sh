#!/usr/bin/env bash
# Drop, recreate, migrate and seed the LOCAL dev database. Refuses anything else.
set -euo pipefail

ENV_FILE="${ENV_FILE:-.env.development}"
if [ -z "${DATABASE_URL:-}" ] && [ -f "$ENV_FILE" ]; then
  DATABASE_URL=$(grep -E '^DATABASE_URL=' "$ENV_FILE" | tail -n1 | cut -d= -f2- | tr -d '"'"'")
fi
: "${DATABASE_URL:?DATABASE_URL not set}"

for v in APP_ENV NODE_ENV RAILS_ENV; do
  case "${!v:-}" in production|staging) echo "refusing: $v=${!v}" >&2; exit 1 ;; esac
done

read -r host db < <(python3 -c 'import sys,urllib.parse as u; p=u.urlparse(sys.argv[1]); print(p.hostname or "", p.path.lstrip("/"))' "$DATABASE_URL")

allowed_host=0
case "$host" in localhost|127.0.0.1|::1) allowed_host=1 ;; esac
if [ $allowed_host -eq 0 ] && [ -f docker-compose.yml ] && grep -qE "^  $host:" docker-compose.yml; then allowed_host=1; fi
[ $allowed_host -eq 1 ] || { echo "refusing: host '$host' is not local" >&2; exit 1; }
case "$db" in *_dev|*_development) ;; *) echo "refusing: database '$db' does not end in _dev/_development" >&2; exit 1 ;; esac

[ -t 0 ] || { echo "refusing: confirmation needs an interactive terminal" >&2; exit 1; }
read -r -p "This will DROP database '$db' on $host. Type its name to confirm: " typed
[ "$typed" = "$db" ] || { echo "aborted"; exit 1; }

admin_url="${DATABASE_URL%/*}/postgres"
psql "$admin_url" -v ON_ERROR_STOP=1 -q -c "DROP DATABASE IF EXISTS \"$db\" WITH (FORCE);" -c "CREATE DATABASE \"$db\";"
echo "recreated $db"

if [ -x bin/rails ]; then bin/rails db:migrate db:seed
elif [ -f package.json ] && grep -q '"db:migrate"' package.json; then npm run -s db:migrate && npm run -s db:seed --if-present
elif [ -d migrations ]; then for f in migrations/*.up.sql; do psql "$DATABASE_URL" -q -f "$f"; done
fi
echo "done"
