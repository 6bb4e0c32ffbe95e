#!/usr/bin/env bash
# Build the image with BuildKit, passing ~/.npmrc as a secret if present.
set -euo pipefail

TAG="${1:-app:dev}"
NPMRC="${NPMRC:-$HOME/.npmrc}"
export DOCKER_BUILDKIT=1

[[ -f Dockerfile ]] || { echo "no Dockerfile in $(pwd)" >&2; exit 1; }
[[ -f package-lock.json ]] || { echo "package-lock.json required for npm ci" >&2; exit 1; }

args=(build -t "$TAG" .)
if [[ -f "$NPMRC" ]]; then
    args+=(--secret "id=npmrc,src=$NPMRC")
else
    # BuildKit needs the secret id to exist; give it an empty file.
    tmp="$(mktemp)"; trap 'rm -f "$tmp"' EXIT
    args+=(--secret "id=npmrc,src=$tmp")
fi

echo "docker ${args[*]}"
docker "${args[@]}"
docker image ls "$TAG" --format 'built {{.Repository}}:{{.Tag}} ({{.Size}})'
