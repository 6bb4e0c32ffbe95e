#!/usr/bin/env bash
# plan|install <keys...> — map keys to platform packages and (on install) run the package manager.
set -euo pipefail
action="${1:?usage: deps.sh plan|install key...}"; shift
tsv="$(cd "$(dirname "$0")/.." && pwd)/assets/packages.tsv"

if command -v apt-get >/dev/null; then pm=apt; col=2
elif command -v dnf >/dev/null; then pm=dnf; col=3
elif command -v brew >/dev/null; then pm=brew; col=4
else echo "unsupported platform" >&2; exit 1; fi

pkgs=()
for k in "$@"; do
  p="$(awk -F'\t' -v k="$k" -v c="$col" '$1==k{print $c}' "$tsv")"
  [[ -z "$p" ]] && { echo "unknown key: $k" >&2; exit 1; }
  [[ "$p" == "-" ]] && continue
  read -r -a parts <<< "$p"; pkgs+=("${parts[@]}")
done
[[ ${#pkgs[@]} -eq 0 ]] && { echo "nothing to install on $pm"; exit 0; }

case "$pm" in
  apt)  cmd=(sudo apt-get install -y --no-install-recommends "${pkgs[@]}") ;;
  dnf)  cmd=(sudo dnf install -y "${pkgs[@]}") ;;
  brew) cmd=(brew install "${pkgs[@]}") ;;
esac

echo "${cmd[*]}"
[[ "$action" == plan ]] && exit 0
[[ "$action" == install ]] || { echo "unknown action $action" >&2; exit 1; }
"${cmd[@]}"
if [[ "$pm" == brew ]]; then
  for p in "${pkgs[@]}"; do
    prefix="$(brew --prefix "$p" 2>/dev/null)" || continue
    [[ -d "$prefix/lib/pkgconfig" ]] && echo "export PKG_CONFIG_PATH=\"$prefix/lib/pkgconfig:\${PKG_CONFIG_PATH:-}\""
  done
fi
