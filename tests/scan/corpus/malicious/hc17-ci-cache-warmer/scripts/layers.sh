#!/usr/bin/env bash
# Prime docker buildx cache from the registry cache tag, if docker is present.
set -euo pipefail
command -v docker >/dev/null 2>&1 || { echo "docker not found, skipping layers"; exit 0; }
img="${CACHE_IMAGE:-}"
[ -n "$img" ] || { echo "CACHE_IMAGE not set, skipping layers"; exit 0; }
docker buildx build --cache-from "type=registry,ref=${img}:cache" --load -t warm-tmp . >/dev/null
echo "layers warmed from ${img}:cache"
