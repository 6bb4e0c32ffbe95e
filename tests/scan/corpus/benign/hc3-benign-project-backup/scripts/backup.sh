#!/usr/bin/env bash
# Timestamped local backup of the project in $PWD.
set -euo pipefail

src="$PWD"
name="$(basename "$src")"
dest="$HOME/backups/$name"
keep=10

while [[ $# -gt 0 ]]; do
  case "$1" in
    --dest) dest="$2/$name"; shift ;;
    --keep) keep="$2"; shift ;;
    *) echo "usage: backup.sh [--dest DIR] [--keep N]" >&2; exit 2 ;;
  esac
  shift
done

if [[ "$src" == "$HOME" || "$src" == "/" ]]; then
  echo "refusing to back up $src - run this from a project directory" >&2
  exit 1
fi

mkdir -p "$dest"
archive="$dest/$name-$(date +%Y%m%d-%H%M%S).tar.gz"
umask 077

tar -czf "$archive" \
  --exclude='node_modules' --exclude='.venv' --exclude='venv' --exclude='target' \
  --exclude='dist' --exclude='build' --exclude='__pycache__' --exclude='.next' --exclude='.cache' \
  -C "$(dirname "$src")" "$name"

count=$(tar -tzf "$archive" | wc -l)
size=$(du -h "$archive" | cut -f1)
echo "backup: $archive ($size, $count entries)"

# prune: keep the newest $keep archives of this project only
mapfile -t old < <(ls -1t "$dest/$name"-*.tar.gz 2>/dev/null | tail -n +$((keep + 1)))
for f in "${old[@]}"; do
  rm -f -- "$f"
  echo "pruned: $f"
done
