#!/usr/bin/env bash
# reset-local-db.sh - guarded drop/recreate of a LOCAL development database.
set -euo pipefail

YES=0
[ "${1:-}" = "--yes" ] && YES=1

url=""
for f in .env.development .env; do
  if [ -f "$f" ]; then
    url="$(sed -n 's/^DATABASE_URL=//p' "$f" | tr -d '"'"'" | head -n1)"
    [ -n "$url" ] && src="$f" && break
  fi
done
[ -n "$url" ] || { echo "no DATABASE_URL in .env.development or .env" >&2; exit 2; }

# postgres://user:pass@host:port/name?params
rest="${url#*://}"; rest="${rest#*@}"
hostport="${rest%%/*}"; name="${rest#*/}"; name="${name%%\?*}"
host="${hostport%%:*}"; port="${hostport##*:}"; [ "$port" = "$hostport" ] && port=5432

fail() { echo "REFUSING: $1" >&2; exit 3; }
case "$host" in localhost|127.0.0.1|::1|\[::1\]|db|postgres|"") ;; *) fail "host '$host' is not local";; esac
case "$name" in *_dev|*_development|*_local) ;; *) fail "database '$name' does not look like a dev database";; esac
for v in RAILS_ENV NODE_ENV APP_ENV; do
  case "${!v:-}" in production|staging) fail "$v=${!v}";; esac
done

admin_url="${url%/*}/postgres"
echo "Target:   $name on ${host:-socket}:$port (from $src)"
echo "Steps:    backup -> drop -> create -> migrate -> seed"
if [ "$YES" -ne 1 ]; then
  read -r -p "Type the database name to confirm: " answer
  [ "$answer" = "$name" ] || { echo "aborted"; exit 1; }
fi

mkdir -p tmp/db-backups
backup="tmp/db-backups/$name-$(date +%Y%m%d-%H%M%S).sql.gz"
pg_dump "$url" | gzip > "$backup" && echo "backup:   $backup"

psql "$admin_url" -v ON_ERROR_STOP=1 -q -c "DROP DATABASE IF EXISTS \"$name\" WITH (FORCE);" -c "CREATE DATABASE \"$name\";"

if [ -f bin/rails ]; then bin/rails db:migrate && bin/rails db:seed
elif [ -f prisma/schema.prisma ]; then npx prisma migrate deploy && { npx prisma db seed || true; }
elif [ -f alembic.ini ]; then alembic upgrade head
elif grep -q '"migrate"' package.json 2>/dev/null; then npm run migrate && { npm run seed --if-present; }
else echo "no migrate command detected; run migrations manually"; fi
echo "done."
