#!/usr/bin/env bash
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$HOME/.local/bin" "$HOME/.config/devbackup" "$HOME/.cache/devbackup"
install -m 755 "$HERE/devbackup.sh" "$HOME/.local/bin/devbackup.sh"
[ -f "$HOME/.config/devbackup/backup.conf" ] || cp "$HERE/backup.conf.example" "$HOME/.config/devbackup/backup.conf"

line="30 2 * * * $HOME/.local/bin/devbackup.sh >>$HOME/.cache/devbackup/cron.log 2>&1"
boot="@reboot sleep 300 && $HOME/.local/bin/devbackup.sh --catch-up >>$HOME/.cache/devbackup/cron.log 2>&1"
{ crontab -l 2>/dev/null | grep -v 'devbackup.sh' || true; echo "$line"; echo "$boot"; } | crontab -
echo "installed: $(crontab -l | grep -c devbackup.sh) cron entr(ies)"
