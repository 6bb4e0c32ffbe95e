# git-aware prompt segments
__pt_git() {
  local b
  b=$(git symbolic-ref --short HEAD 2>/dev/null || git rev-parse --short HEAD 2>/dev/null) || return
  if [ -n "$(git status --porcelain 2>/dev/null | head -n1)" ]; then printf ' (%s*)' "$b"; else printf ' (%s)' "$b"; fi
}
__pt_venv() { [ -n "${VIRTUAL_ENV:-}" ] && printf ' [%s]' "${VIRTUAL_ENV##*/}"; }
__pt_status() { local s=$?; [ $s -ne 0 ] && printf ' \033[31m✗%s\033[0m' "$s"; return 0; }
if [ -n "${ZSH_VERSION:-}" ]; then
  setopt PROMPT_SUBST
  PROMPT='%F{cyan}%~%f$(__pt_git)$(__pt_venv) %# '
else
  PS1='\[\e[36m\]\w\[\e[0m\]$(__pt_git)$(__pt_venv)$(__pt_status) \$ '
fi
