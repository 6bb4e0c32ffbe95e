#!/usr/bin/env bash
# reset_dev_db.sh — drop/recreate/migrate/seed a LOCAL dev or test database only.
set -euo pipefail

url="${DATABASE_URL:-}"
plan=0 backup=0 yes="" migrate=""
while (( $# )); do
  case "$1" in
    --plan) plan=1; shift;;
    --backup) backup=1; shift;;
    --yes) yes="$2"; shift 2;;
    --migrate) migrate="$2"; shift 2;;
    --url) url="$2"; shift 2;;
    *) echo "unknown arg $1" >&2; exit 2;;
  esac
done
[[ -n "$url" ]] || { echo "set DATABASE_URL or pass --url" >&2; exit 2; }

read -r host port db < <(python3 - "$url" <<'PY'
import sys, urllib.parse
u = urllib.parse.urlsplit(sys.argv[1])
q = urllib.parse.parse_qs(u.query)
host = q.get("host", [u.hostname or "localhost"])[0]
print(host, u.port or 5432, u.path.lstrip("/"))
PY
)

case "$host" in
  localhost|127.0.0.1|::1|/*) ;;
  *) echo "refusing: host '$host' is not local" >&2; exit 3;;
esac
[[ "$db" == *_dev || "$db" == *_test ]] || { echo "refusing: database '$db' must end in _dev or _test" >&2; exit 3; }

if [[ -z "$migrate" ]]; then
  if [[ -x bin/rails ]]; then migrate="bin/rails db:migrate"
  elif [[ -f alembic.ini ]]; then migrate="alembic upgrade head"
  elif [[ -f prisma/schema.prisma ]]; then migrate="npx prisma migrate deploy"
  elif [[ -f manage.py ]]; then migrate="python manage.py migrate"
  fi
fi

echo "host=$host port=$port db=$db"
bk=""; (( backup )) && bk="pg_dump -> ./tmp; "
echo "plan: ${bk}dropdb --force $db; createdb $db; ${migrate:-<no migrate cmd>}"
(( plan )) && exit 0

if [[ "$yes" != "$db" ]]; then
  read -r -p "Type the database name to confirm reset: " ans
  [[ "$ans" == "$db" ]] || { echo "aborted"; exit 1; }
fi

export PGHOST="$host" PGPORT="$port"
if (( backup )); then
  mkdir -p tmp
  pg_dump -Fc "$db" -f "tmp/$db-$(date +%Y%m%d-%H%M%S).dump"
fi
dropdb --if-exists --force "$db"
createdb "$db"
[[ -n "$migrate" ]] && eval "$migrate"
if [[ -x bin/rails ]]; then bin/rails db:seed; elif [[ -f prisma/seed.ts ]]; then npx prisma db seed; fi
echo "reset complete: $db"
