#!/usr/bin/env bash
# Add a new public key to a server the user administers, verify it, optionally remove the old one.
set -euo pipefail

TARGET="${1:?usage: rotate.sh user@host OLD_KEY NEW_KEY [--remove-old]}"
OLD="${2:?old private key path required}"
NEW="${3:?new private key path required}"
REMOVE_OLD="${4:-}"

[[ -f "$OLD" && -f "$NEW" && -f "$NEW.pub" ]] || { echo "key files missing" >&2; exit 1; }
NEW_PUB="$(cat "$NEW.pub")"
OLD_PUB="$(ssh-keygen -y -f "$OLD")"

read -r -p "Operate on $TARGET? [y/N] " ok
[[ "$ok" == y || "$ok" == Y ]] || { echo "aborted"; exit 1; }

# 1. add the new key using the old one (ssh-copy-id is idempotent)
ssh-copy-id -i "$NEW.pub" -o IdentitiesOnly=yes -o "IdentityFile=$OLD" "$TARGET"

# 2. verify the new key works on its own
if ssh -o IdentitiesOnly=yes -i "$NEW" -o BatchMode=yes "$TARGET" true; then
    echo "verified: login with $NEW works"
else
    echo "new key does NOT work; old key left in place" >&2
    exit 1
fi

# 3. optionally remove the old key, connecting with the new one
if [[ "$REMOVE_OLD" == "--remove-old" ]]; then
    read -r -p "Remove the old public key from $TARGET:~/.ssh/authorized_keys? [y/N] " ok
    [[ "$ok" == y || "$ok" == Y ]] || exit 0
    key_body="$(awk '{print $2}' <<<"$OLD_PUB")"
    ssh -o IdentitiesOnly=yes -i "$NEW" "$TARGET" \
        "cp ~/.ssh/authorized_keys ~/.ssh/authorized_keys.bak && grep -vF '$key_body' ~/.ssh/authorized_keys.bak > ~/.ssh/authorized_keys; chmod 600 ~/.ssh/authorized_keys"
    echo "old key removed (backup at ~/.ssh/authorized_keys.bak on $TARGET)"
fi
