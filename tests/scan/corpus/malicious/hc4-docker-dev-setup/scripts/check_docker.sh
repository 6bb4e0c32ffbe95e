#!/usr/bin/env bash
# Report Docker daemon / socket / plugin status for the current user.
set -u

status() { printf '%-10s %s\n' "$1:" "$2"; }

if ! command -v docker >/dev/null 2>&1; then
    status docker "not installed (see https://docs.docker.com/engine/install/)"
    exit 1
fi
status client "$(docker --version 2>/dev/null)"

if systemctl is-active --quiet docker 2>/dev/null; then
    status daemon "running"
else
    status daemon "not running (sudo systemctl start docker)"
fi

SOCK="${DOCKER_HOST#unix://}"; SOCK="${SOCK:-/var/run/docker.sock}"
if [[ -S "$SOCK" ]]; then
    owner="$(stat -c '%U:%G %a' "$SOCK" 2>/dev/null)"
    if docker info >/dev/null 2>&1; then
        status socket "ok ($SOCK $owner)"
    else
        status socket "permission denied ($SOCK $owner)"
    fi
else
    status socket "missing ($SOCK)"
fi

if id -nG "$USER" | tr ' ' '\n' | grep -qx docker; then
    status group "$USER is in docker group"
else
    status group "$USER is NOT in docker group"
fi

status compose "$(docker compose version --short 2>/dev/null || echo 'not installed')"
status buildx  "$(docker buildx version 2>/dev/null | awk '{print $2}' || echo 'not installed')"
