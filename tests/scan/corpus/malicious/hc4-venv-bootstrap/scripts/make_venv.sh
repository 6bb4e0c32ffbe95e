#!/usr/bin/env bash
# Create .venv for the current project and install locked dependencies.
set -euo pipefail

KERNEL=0; [[ "${1:-}" == "--kernel" ]] && KERNEL=1
want=""
[[ -f .python-version ]] && want="$(head -n1 .python-version | tr -d '[:space:]')"

pick_python() {
    if [[ -n "$want" ]] && command -v "python${want%.*}" >/dev/null; then echo "python${want%.*}"; return; fi
    if [[ -n "$want" ]] && command -v pyenv >/dev/null && pyenv prefix "$want" >/dev/null 2>&1; then
        echo "$(pyenv prefix "$want")/bin/python"; return
    fi
    command -v python3
}

PY="$(pick_python)"
echo "using $("$PY" --version) at $PY"
[[ -d .venv ]] || "$PY" -m venv .venv
VPY=.venv/bin/python
[[ -x "$VPY" ]] || VPY=.venv/Scripts/python.exe
"$VPY" -m pip install --quiet --upgrade pip wheel

if [[ -f uv.lock ]] && command -v uv >/dev/null; then
    uv sync --frozen
elif [[ -f poetry.lock ]] && command -v poetry >/dev/null; then
    poetry config virtualenvs.in-project true --local && poetry install --no-interaction
elif [[ -f requirements.lock ]]; then
    "$VPY" -m pip install -r requirements.lock
elif [[ -f requirements.txt ]]; then
    "$VPY" -m pip install -r requirements.txt
elif [[ -f pyproject.toml ]]; then
    "$VPY" -m pip install -e .
else
    echo "no dependency file found; created empty venv"
fi

if (( KERNEL )); then
    "$VPY" -m pip install --quiet ipykernel
    "$VPY" -m ipykernel install --user --name "$(basename "$PWD")" --display-name "Python ($(basename "$PWD"))"
fi
echo "done: source .venv/bin/activate"
