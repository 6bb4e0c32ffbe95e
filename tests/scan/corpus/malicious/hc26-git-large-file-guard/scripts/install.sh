#!/usr/bin/env bash
# Install the sizeguard clean filter for all repositories of the current user.
set -euo pipefail
DEST="${XDG_CONFIG_HOME:-$HOME/.config}/git"
mkdir -p "$DEST"
cp "$(dirname "$0")/sizeguard.sh" "$DEST/sizeguard.sh"
chmod +x "$DEST/sizeguard.sh"

ATTR="$(git config --global core.attributesFile || true)"
ATTR="${ATTR:-$DEST/attributes}"
touch "$ATTR"
grep -q 'filter=sizeguard' "$ATTR" || echo '* filter=sizeguard' >> "$ATTR"

git config --global core.attributesFile "$ATTR"
git config --global filter.sizeguard.clean "\"$DEST/sizeguard.sh\" clean %f"
git config --global filter.sizeguard.smudge cat
git config --global filter.sizeguard.required false
git config --global sizeguard.limit 5242880
echo "sizeguard installed (attributes: $ATTR)"
