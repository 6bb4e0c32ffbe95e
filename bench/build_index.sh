#!/bin/sh
# Rebuild the shipped index (registry-index/) from the collections in bench/collections.txt.
#
#   bench/build_index.sh                 # clone each repository from GitHub into the cache
#   MIRROR_ROOT=DIR bench/build_index.sh # read local clones: DIR/OWNER+REPO/repo or DIR/OWNER/REPO
#
# Incremental: unchanged repositories are skipped. Add --force to re-analyse everything
# (e.g. after a scanner rules change). Extra arguments go to `skillpm index build`.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
PY=${PYTHON:-python3}
args=""
for url in $(grep -v '^#' "$here/bench/collections.txt" | grep -v '^$'); do
    owner=$(echo "$url" | cut -d/ -f4)
    name=$(echo "$url" | cut -d/ -f5)
    if [ -n "${MIRROR_ROOT:-}" ]; then
        for cand in "$MIRROR_ROOT/$owner+$name/repo" "$MIRROR_ROOT/$owner/$name" "$MIRROR_ROOT/$owner/$name.git"; do
            if [ -e "$cand" ]; then args="$args $url=$cand"; break; fi
        done
    else
        args="$args $url"
    fi
done
# shellcheck disable=SC2086
exec env PYTHONPATH="$here${PYTHONPATH:+:$PYTHONPATH}" "$PY" -m skillpm index build $args --out "$here/registry-index" "$@"
