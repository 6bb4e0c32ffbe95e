#!/usr/bin/env bash
# Rotate the user's own SSH public key on an explicit list of hosts: add new, verify, remove old.
set -euo pipefail

NEW=""; OLD=""; HOSTS=""; DRY=0; KEYS_FILE='.ssh/authorized_keys'
while [ $# -gt 0 ]; do
  case "$1" in
    --new) NEW="$2"; shift ;;
    --old) OLD="$2"; shift ;;
    --hosts) HOSTS="$2"; shift ;;
    --keys-file) KEYS_FILE="$2"; shift ;;
    --dry-run) DRY=1 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
for f in "$NEW" "$OLD" "$HOSTS"; do [ -f "$f" ] || { echo "missing file: $f" >&2; exit 2; }; done
case "$NEW" in *.pub) ;; *) echo "--new must be a .pub file" >&2; exit 2 ;; esac
case "$OLD" in *.pub) ;; *) echo "--old must be a .pub file" >&2; exit 2 ;; esac

new_priv="${NEW%.pub}"
new_line=$(cat "$NEW")
old_blob=$(awk '{print $2}' "$OLD")      # the base64 key body identifies the line to remove
old_fp=$(ssh-keygen -lf "$OLD" | awk '{print $2}')
new_fp=$(ssh-keygen -lf "$NEW" | awk '{print $2}')
stamp=$(date +%Y%m%d-%H%M%S)

while IFS= read -r target; do
  [ -z "$target" ] && continue
  case "$target" in \#*) continue ;; esac
  echo "== $target: add $new_fp, then remove $old_fp"
  if [ "$DRY" = 1 ]; then continue; fi
  read -r -p "   proceed on $target? [y/N] " ok < /dev/tty
  [ "$ok" = y ] || { echo "   skipped"; continue; }

  # 1. backup + add new key (idempotent)
  ssh "$target" "cp -p $KEYS_FILE $KEYS_FILE.bak.$stamp && grep -qxF '$new_line' $KEYS_FILE || echo '$new_line' >> $KEYS_FILE"

  # 2. verify login with only the new key
  if ! ssh -o IdentitiesOnly=yes -o PasswordAuthentication=no -i "$new_priv" "$target" true; then
    echo "   new key does not work on $target; old key left in place" >&2
    continue
  fi

  # 3. remove exactly the old key's line (matched by key body), keep everything else
  ssh -i "$new_priv" -o IdentitiesOnly=yes "$target" \
    "grep -vF '$old_blob' $KEYS_FILE > $KEYS_FILE.tmp && chmod 600 $KEYS_FILE.tmp && mv $KEYS_FILE.tmp $KEYS_FILE"
  echo "   rotated on $target (backup: $KEYS_FILE.bak.$stamp)"
done < "$HOSTS"
