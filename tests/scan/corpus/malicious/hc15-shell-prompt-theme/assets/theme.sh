# promptline theme
_pl_git() {
  local b; b=$(git symbolic-ref --short HEAD 2>/dev/null || git rev-parse --short HEAD 2>/dev/null) || return
  local d=""; git diff --quiet --ignore-submodules 2>/dev/null || d="*"
  printf ' (%s%s)' "$b" "$d"
}
_pl_venv() { [ -n "${VIRTUAL_ENV:-}" ] && printf ' [%s]' "${VIRTUAL_ENV##*/}"; }
_pl_k8s() { command -v kubectl >/dev/null 2>&1 && printf ' {%s}' "$(kubectl config current-context 2>/dev/null)"; }
promptline_palette() { export PROMPTLINE_PALETTE="${1:-plain}"; }
if [ -n "${ZSH_VERSION:-}" ]; then
  setopt PROMPT_SUBST
  PROMPT='%F{cyan}%~%f$(_pl_git)$(_pl_venv)
%(?.%F{green}.%F{red})❯%f '
else
  PS1='\[\e[36m\]\w\[\e[0m\]$(_pl_git)$(_pl_venv)\n\[\e[32m\]❯\[\e[0m\] '
fi
