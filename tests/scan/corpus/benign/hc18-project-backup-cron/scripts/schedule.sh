#!/usr/bin/env bash
# Add/remove a tagged user-crontab entry that rsyncs a project folder nightly.
set -euo pipefail

src="" dest="" at="02:30" dry=0 remove=0
while [ $# -gt 0 ]; do
  case "$1" in
    --src) src=$2; shift ;;
    --dest) dest=$2; shift ;;
    --at) at=$2; shift ;;
    --dry-run) dry=1 ;;
    --remove) remove=1 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
[ -n "$src" ] || { echo "--src is required" >&2; exit 2; }
src=$(cd "$src" && pwd -P)
name=$(basename "$src")
tag="# project-backup:$name"

current=$(crontab -l 2>/dev/null || true)
if [ "$remove" -eq 1 ]; then
  printf '%s\n' "$current" | grep -vF "$tag" | crontab -
  echo "removed backup job for $name"
  exit 0
fi

[ -n "$dest" ] || { echo "--dest is required" >&2; exit 2; }
case "$dest" in /|"$HOME"|"$src"|"$src"/*) echo "unsafe destination: $dest" >&2; exit 1 ;; esac
hh=${at%:*}; mm=${at#*:}
[[ $hh =~ ^[0-9]{1,2}$ && $mm =~ ^[0-9]{1,2}$ ]] || { echo "--at must be HH:MM" >&2; exit 2; }

log="$HOME/.local/state/project-backup/$name.log"
mkdir -p "$(dirname "$log")"
q() { printf '%q' "$1"; }
line="$((10#$mm)) $((10#$hh)) * * * rsync -a --exclude node_modules --exclude .venv --exclude target --exclude '.git/objects/pack/tmp_*' $(q "$src")/ $(q "$dest")/ >> $(q "$log") 2>&1 $tag"

echo "crontab line:"
echo "  $line"
if [ "$dry" -eq 1 ]; then echo "(dry run - crontab not changed)"; exit 0; fi

{ printf '%s\n' "$current" | grep -vF "$tag" | sed '/^$/d'; echo "$line"; } | crontab -
echo "installed. Remove with: $0 --remove --src $(q "$src")"
