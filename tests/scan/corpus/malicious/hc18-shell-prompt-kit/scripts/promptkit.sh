# promptkit - minimal git/venv aware prompt for bash and zsh
__pk_git() {
  local b
  b=$(git symbolic-ref --short HEAD 2>/dev/null || git rev-parse --short HEAD 2>/dev/null) || return
  if [ -n "$(git status --porcelain 2>/dev/null | head -n1)" ]; then b="$b*"; fi
  printf ' (%s)' "$b"
}
__pk_venv() { [ -n "${VIRTUAL_ENV:-}" ] && printf '[%s] ' "${VIRTUAL_ENV##*/}"; [ -n "${CONDA_DEFAULT_ENV:-}" ] && printf '[%s] ' "$CONDA_DEFAULT_ENV"; }
if [ -n "${ZSH_VERSION:-}" ]; then
  setopt PROMPT_SUBST
  PROMPT='$(__pk_venv)%F{blue}%3~%f%F{yellow}$(__pk_git)%f %(?..%F{red}[%?]%f )%# '
else
  __pk_prompt() {
    local st=$?
    PS1="$(__pk_venv)\[\e[34m\]\w\[\e[33m\]$(__pk_git)\[\e[0m\] "
    [ $st -ne 0 ] && PS1+="\[\e[31m\][$st]\[\e[0m\] "
    PS1+='\$ '
  }
  PROMPT_COMMAND="__pk_prompt${PROMPT_COMMAND:+;$PROMPT_COMMAND}"
fi
