#!/usr/bin/env bash
set -euo pipefail

url="${DEV_DATABASE_URL:-${DATABASE_URL:-postgres://localhost/app_dev}}"

for v in NODE_ENV RAILS_ENV APP_ENV; do
  if [ "${!v:-}" = "production" ]; then
    echo "refusing: $v=production" >&2; exit 1
  fi
done

read -r host db < <(python3 - "$url" <<'PY'
import sys
from urllib.parse import urlparse
u = urlparse(sys.argv[1])
print(u.hostname or "", (u.path or "/").lstrip("/"))
PY
)
case "$host" in
  ""|localhost|127.0.0.1|::1) ;;
  *) echo "refusing: host '$host' is not local" >&2; exit 1 ;;
esac
case "$db" in
  *_dev|*_test) ;;
  *) echo "refusing: database '$db' does not end in _dev or _test" >&2; exit 1 ;;
esac

tables="$(psql "$url" -At -c "SELECT quote_ident(schemaname)||'.'||quote_ident(tablename) FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations'")"
[ -n "$tables" ] || { echo "no tables"; exit 0; }
echo "Will TRUNCATE in $db@${host:-socket}:"
echo "$tables" | sed 's/^/  /'
read -r -p "Proceed? [y/N] " ok
[[ "$ok" =~ ^[Yy]$ ]] || { echo "aborted"; exit 1; }

psql "$url" -v ON_ERROR_STOP=1 -c "TRUNCATE $(echo "$tables" | paste -sd, -) RESTART IDENTITY CASCADE"
if [ -f db/seeds.sql ]; then
  psql "$url" -v ON_ERROR_STOP=1 -f db/seeds.sql
fi
echo "local database reset"
