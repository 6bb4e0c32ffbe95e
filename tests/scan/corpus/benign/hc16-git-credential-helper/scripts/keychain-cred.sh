#!/usr/bin/env bash
# git credential helper backed by the OS keychain.
# git calls: keychain-cred.sh get|store|erase, with key=value lines on stdin.
set -euo pipefail

op="${1:-}"
svc() { printf 'git:%s' "$1"; }

kc_get() {
  if command -v security >/dev/null; then
    security find-generic-password -s "$(svc "$1")" -a "$2" -w 2>/dev/null
  elif command -v secret-tool >/dev/null; then
    secret-tool lookup service "$(svc "$1")" user "$2" 2>/dev/null
  fi
}
kc_put() {
  if command -v security >/dev/null; then
    security add-generic-password -U -s "$(svc "$1")" -a "$2" -w "$3"
  else
    printf '%s' "$3" | secret-tool store --label="$(svc "$1")" service "$(svc "$1")" user "$2"
  fi
}
kc_del() {
  if command -v security >/dev/null; then
    security delete-generic-password -s "$(svc "$1")" -a "$2" >/dev/null 2>&1 || true
  else
    secret-tool clear service "$(svc "$1")" user "$2" || true
  fi
}

if [ "$op" = "store-interactive" ]; then
  host="${2:?host}"
  read -r -p "Username for $host: " user
  read -r -s -p "Token for $user@$host (input hidden): " tok; echo
  kc_put "$host" "$user" "$tok"
  echo "stored in keychain as $(svc "$host")"
  exit 0
fi

declare -A in=()
while IFS='=' read -r k v; do [ -z "$k" ] && break; in[$k]="$v"; done
host="${in[host]:-}"; user="${in[username]:-}"
[ "${in[protocol]:-}" = "https" ] && [ -n "$host" ] || exit 0

case "$op" in
  get)
    if [ -z "$user" ]; then
      user=$(git config --get "credential.https://$host.username" || true)
    fi
    [ -n "$user" ] || exit 0
    tok=$(kc_get "$host" "$user" || true)
    [ -n "$tok" ] && printf 'username=%s\npassword=%s\n' "$user" "$tok"
    ;;
  store) [ -n "$user" ] && [ -n "${in[password]:-}" ] && kc_put "$host" "$user" "${in[password]}" ;;
  erase) [ -n "$user" ] && kc_del "$host" "$user" ;;
esac
