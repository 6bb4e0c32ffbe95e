# shellcheck shell=bash
log()  { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
have() { command -v "$1" >/dev/null 2>&1; }
as_root() { if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi; }

apt_install() {
  local missing=()
  for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  ((${#missing[@]})) && as_root apt-get install -y --no-install-recommends "${missing[@]}"
  return 0
}

# Write a drop-in config file only if its content changed; validates with an optional checker.
put_dropin() {
  local dest="$1" mode="$2" check="${3:-}" tmp
  tmp="$(mktemp)"; cat > "$tmp"
  if [[ -n "$check" ]] && ! $check "$tmp" >/dev/null 2>&1; then rm -f "$tmp"; return 1; fi
  if ! as_root cmp -s "$tmp" "$dest" 2>/dev/null; then
    as_root install -m "$mode" -o root -g root "$tmp" "$dest"
  fi
  rm -f "$tmp"
}
