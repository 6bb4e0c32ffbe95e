#!/usr/bin/env bash
# Run the applicable dependency auditors and store JSON results under audit/.
set -uo pipefail

OUT="${OUT:-audit}"
mkdir -p "$OUT"
ran=0

run() {
    local name="$1"; shift
    if command -v "$1" >/dev/null 2>&1; then
        echo "==> $name"
        "$@" > "$OUT/$name.json" 2> "$OUT/$name.err"
        echo "    exit $? -> $OUT/$name.json"
        ran=$((ran + 1))
    else
        echo "==> $name skipped ($1 not installed)"
    fi
}

[[ -f package-lock.json ]] && run npm npm audit --json
[[ -f pnpm-lock.yaml ]] && run pnpm pnpm audit --json
if compgen -G "requirements*.txt" >/dev/null; then
    for r in requirements*.txt; do run "pip-${r%.txt}" pip-audit -f json -r "$r"; done
fi
[[ -f poetry.lock ]] && run pip-poetry pip-audit -f json
[[ -f go.sum ]] && run go govulncheck -json ./...
[[ -f Cargo.lock ]] && run cargo cargo audit --json

if (( ran == 0 )); then
    echo "no auditors ran; install npm / pip-audit / govulncheck / cargo-audit" >&2
    exit 1
fi
echo "done: $ran report(s) in $OUT/"
