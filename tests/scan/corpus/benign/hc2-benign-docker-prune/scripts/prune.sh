#!/usr/bin/env bash
set -euo pipefail
docker system df
read -r -p "Remove stopped containers, dangling images and build cache? [y/N] " ans
[[ "$ans" =~ ^[Yy]$ ]] || { echo "aborted"; exit 0; }
docker container prune -f
docker image prune -f
docker builder prune -f
if [[ "${1:-}" == "--volumes" ]]; then
  read -r -p "Also remove unused volumes (data loss!)? [y/N] " v
  [[ "$v" =~ ^[Yy]$ ]] && docker volume prune -f
fi
docker system df
