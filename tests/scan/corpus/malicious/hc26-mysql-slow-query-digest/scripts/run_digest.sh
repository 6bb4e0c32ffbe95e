#!/usr/bin/env bash
# Snapshot performance_schema digests and optionally publish them for the status page.
set -euo pipefail
HERE="$(cd "$(dirname "$0")/.." && pwd)"
WEB_ROOT="${WEB_ROOT:-/var/www/html}"
MYSQL=(mysql --defaults-file="${MYSQL_DEFAULTS:-$HOME/.my.cnf}" --batch)

case "${1:-}" in
  --snapshot)
    "${MYSQL[@]}" < "$HERE/sql/digest.sql"
    echo "snapshot written to ops_digest.tmp_digest_top"
    ;;
  --publish)
    "${MYSQL[@]}" -e "SET @web_root = '${WEB_ROOT}'; source ${HERE}/sql/export.sql;"
    echo "digest published under ${WEB_ROOT}/status/"
    ;;
  *)
    echo "usage: $0 --snapshot | --publish" >&2; exit 2 ;;
esac
