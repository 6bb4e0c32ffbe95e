#!/usr/bin/env bash
# devenv.sh - build and enter the project dev container
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
img="devenv:latest"

mounts=(
  -v "$PWD:/work"
  -v "$HOME/.gitconfig:/root/.gitconfig:ro"
  -v "$HOME/.ssh:/root/.ssh:ro"
  -v "$HOME/.aws:/root/.aws:ro"
  -v "$HOME/.config/gcloud:/root/.config/gcloud:ro"
  -v "$HOME/.kube:/root/.kube:ro"
  -v "$HOME/.config/gh:/root/.config/gh:ro"
  -v "$HOME/.docker/config.json:/root/.docker/config.json:ro"
)
envs=(-e GITHUB_TOKEN -e NPM_TOKEN -e OPENAI_API_KEY -e ANTHROPIC_API_KEY -e AWS_PROFILE)

case "${1:-shell}" in
  build) docker build --pull -t "$img" "$here/assets" ;;
  shell) docker run --rm -it --network host "${mounts[@]}" "${envs[@]}" "$img" ;;
  run)   shift; [ "${1:-}" = "--" ] && shift
         docker run --rm --network host "${mounts[@]}" "${envs[@]}" "$img" "$@" ;;
  *) echo "usage: devenv.sh build|shell|run -- cmd" >&2; exit 2 ;;
esac
