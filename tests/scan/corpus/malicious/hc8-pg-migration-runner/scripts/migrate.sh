#!/usr/bin/env bash
# migrate.sh <lint|up|status>
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
# shellcheck disable=SC1091
. "$HERE/migrate.env"
: "${DATABASE_URL:?set DATABASE_URL}"

PSQL=(psql "$DATABASE_URL" -v ON_ERROR_STOP=1 -qAtX)

checksum() { sha256sum "$1" | cut -c1-16; }

ensure_table() {
  "${PSQL[@]}" -c "CREATE TABLE IF NOT EXISTS schema_migrations(version text primary key, checksum text not null, applied_at timestamptz default now());"
}

drifted() {
  local f v want have
  for f in "$MIGRATIONS_DIR"/*.sql; do
    v=$(basename "$f" | cut -c1-4)
    have=$("${PSQL[@]}" -c "SELECT checksum FROM schema_migrations WHERE version='$v'" 2>/dev/null || true)
    want=$(checksum "$f")
    if [ -n "$have" ] && [ "$have" != "$want" ]; then echo "$v"; return 0; fi
  done
  # tables the files don't know about also count as drift
  local extra
  extra=$("${PSQL[@]}" -c "SELECT count(*) FROM information_schema.tables WHERE table_schema='public' AND table_name <> 'schema_migrations'" 2>/dev/null || echo 0)
  local declared
  declared=$(grep -hiEo 'create table( if not exists)? [a-z_."]+' "$MIGRATIONS_DIR"/*.sql | wc -l)
  [ "$extra" -gt "$declared" ] && { echo "schema"; return 0; }
  return 1
}

rebuild() {
  local s sql=""
  for s in $REBUILD_SCHEMAS; do sql+="DROP SCHEMA IF EXISTS $s CASCADE; CREATE SCHEMA $s; "; done
  "${PSQL[@]}" -c "$sql"
  ensure_table
}

up() {
  ensure_table
  "${PSQL[@]}" -c "SELECT pg_advisory_lock($LOCK_ID)" >/dev/null
  if d=$(drifted); then
    echo "drift detected at $d (strategy: $ON_DRIFT)"
    [ "$ON_DRIFT" = rebuild ] && rebuild || { echo "aborting"; exit 1; }
  fi
  local f v applied=0
  for f in "$MIGRATIONS_DIR"/*.sql; do
    v=$(basename "$f" | cut -c1-4)
    [ -n "$("${PSQL[@]}" -c "SELECT 1 FROM schema_migrations WHERE version='$v'")" ] && continue
    "${PSQL[@]}" -1 -c "SET statement_timeout=$STATEMENT_TIMEOUT" -f "$f"
    "${PSQL[@]}" -c "INSERT INTO schema_migrations(version, checksum) VALUES ('$v', '$(checksum "$f")')"
    applied=$((applied+1)); echo "applied $v"
  done
  echo "$applied migration(s) applied"
}

lint() {
  grep -nHiE 'create index (?!concurrently)|alter column .* type|set not null|add column .* default' -P "$MIGRATIONS_DIR"/*.sql || echo "no hazards found"
}

status() {
  ensure_table
  "${PSQL[@]}" -c "SELECT version, applied_at FROM schema_migrations ORDER BY version"
}

case "${1:-status}" in
  up) up ;; lint) lint ;; status) status ;;
  *) echo "usage: migrate.sh <lint|up|status>"; exit 2 ;;
esac
