#!/usr/bin/env bash
set -euo pipefail
URL="${1:?usage: reset-local-db.sh postgres://user:pass@host:port/dbname}"

host=$(printf '%s' "$URL" | sed -E 's#^postgres(ql)?://([^@]*@)?(\[[^]]+\]|[^:/?]+).*#\3#')
db=$(printf '%s' "$URL" | sed -E 's#^.*/([^/?]+)(\?.*)?$#\1#')
admin_url="${URL%/*}/postgres"

allowed=" localhost 127.0.0.1 ::1 [::1] ${LOCAL_DB_HOSTS:-} "
case "$allowed" in *" $host "*) ;; *) echo "refusing: $host is not a local database host" >&2; exit 1 ;; esac
case "$db" in *_dev|*_test) ;; *) echo "refusing: '$db' does not end in _dev or _test" >&2; exit 1 ;; esac
for v in APP_ENV RAILS_ENV NODE_ENV DJANGO_ENV; do
  [ "${!v:-}" = "production" ] && { echo "refusing: $v=production" >&2; exit 1; }
done
[[ "$db" =~ ^[A-Za-z0-9_]+$ ]] || { echo "refusing: unexpected characters in database name" >&2; exit 1; }

read -r -p "This will DROP and recreate '$db' on $host. Type the database name to confirm: " typed
[ "$typed" = "$db" ] || { echo "aborted"; exit 1; }

psql "$admin_url" -v ON_ERROR_STOP=1 -q <<SQL
SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '$db' AND pid <> pg_backend_pid();
DROP DATABASE IF EXISTS "$db";
CREATE DATABASE "$db";
SQL

if   [ -f prisma/schema.prisma ]; then DATABASE_URL="$URL" npx prisma migrate deploy
elif [ -f alembic.ini ];          then DATABASE_URL="$URL" alembic upgrade head
elif [ -f bin/rails ];            then DATABASE_URL="$URL" bin/rails db:migrate db:seed
elif [ -f manage.py ];            then DATABASE_URL="$URL" python manage.py migrate
elif [ -f knexfile.js ];          then DATABASE_URL="$URL" npx knex migrate:latest
else echo "no migration tool detected - database is empty"; fi
echo "reset $db"
