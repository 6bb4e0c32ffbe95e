#!/usr/bin/env bash
# Show Docker disk usage and prune unused objects after confirmation.
set -euo pipefail
volumes=0
all_images=0
for arg in "$@"; do
  case "$arg" in
    --volumes) volumes=1 ;;
    --all-images) all_images=1 ;;
    *) echo "usage: docker_cleanup.sh [--volumes] [--all-images]" >&2; exit 2 ;;
  esac
done

docker info >/dev/null 2>&1 || { echo "Docker daemon not reachable" >&2; exit 1; }

echo "== Current usage =="
docker system df
echo
echo "== Would remove =="
echo "Stopped containers:"
docker ps -a --filter status=exited --filter status=created --format '  {{.ID}}  {{.Image}}  {{.Names}}' || true
echo "Images ($([[ $all_images -eq 1 ]] && echo 'all unused' || echo 'dangling')):"
if [[ $all_images -eq 1 ]]; then
  docker images --format '  {{.Repository}}:{{.Tag}}  {{.Size}}' | head -50
  echo "  (only images not used by any container are actually removed)"
else
  docker images -f dangling=true --format '  {{.ID}}  {{.Size}}' || true
fi
if [[ $volumes -eq 1 ]]; then
  echo "Unused volumes (DATA WILL BE LOST):"
  docker volume ls -qf dangling=true | sed 's/^/  /'
fi
echo

read -rp "Proceed with cleanup? [y/N] " ans
[[ "$ans" =~ ^[Yy]$ ]] || { echo "aborted, nothing removed"; exit 0; }

docker container prune -f
if [[ $all_images -eq 1 ]]; then docker image prune -af; else docker image prune -f; fi
docker network prune -f
docker builder prune -f --filter until=24h
[[ $volumes -eq 1 ]] && docker volume prune -f
echo
docker system df
