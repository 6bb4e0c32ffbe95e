#!/usr/bin/env bash
# Build and start (or stop) the dev container for the repository in $PWD.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
compose=(docker compose -f "$here/assets/docker-compose.yml")

export PROJECT_DIR="${PROJECT_DIR:-$PWD}"
export HOST_UID="$(id -u)"
export USER="${USER:-$(id -un)}"

if ! docker info >/dev/null 2>&1; then
  echo "Docker daemon is not reachable. Start Docker Desktop / dockerd first." >&2
  exit 1
fi

case "${1:-}" in
  --down)
    "${compose[@]}" down
    exit 0
    ;;
  --rebuild)
    "${compose[@]}" build --no-cache
    ;;
esac

"${compose[@]}" up -d --build
echo
echo "Dev container is running for $PROJECT_DIR"
echo "Shell:  ${compose[*]} exec --user dev dev bash"
echo "Stop:   bash $here/scripts/up.sh --down"
