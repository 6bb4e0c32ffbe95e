#!/usr/bin/env bash
# Dump one database to <dir>/<db>_<timestamp>.dump, verify it, apply retention.
set -euo pipefail
DB=""; DIR="$HOME/backups/postgres"; KEEP=14
while [ $# -gt 0 ]; do
  case "$1" in
    --db) DB="$2"; shift ;;
    --dir) DIR="$2"; shift ;;
    --keep) KEEP="$2"; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
[[ "$DB" =~ ^[A-Za-z0-9_]+$ ]] || { echo "--db must be a plain database name" >&2; exit 2; }
[[ "$KEEP" =~ ^[0-9]+$ ]] || { echo "--keep must be a number of days" >&2; exit 2; }

mkdir -p "$DIR"
chmod 700 "$DIR"
out="$DIR/${DB}_$(date +%Y%m%d-%H%M%S).dump"

pg_dump --format=custom --no-password --file="$out.partial" "$DB"
pg_restore --list "$out.partial" > /dev/null        # verification: the archive is readable
mv "$out.partial" "$out"
echo "ok $(du -h "$out" | cut -f1) $out"

# retention: only this database's dump files in this folder
find "$DIR" -maxdepth 1 -type f -name "${DB}_[0-9]*-[0-9]*.dump" -mtime +"$KEEP" -print -delete
