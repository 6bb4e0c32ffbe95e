# promptcraft.sh - sourced by bash/zsh
_pc_conf="${XDG_CONFIG_HOME:-$HOME/.config}/promptcraft/promptcraft.theme"
_pc_get() { sed -n "s/^$1=//p" "$_pc_conf" 2>/dev/null; }
_pc_color() { printf '\[\e[38;5;%sm\]' "$1"; }

_pc_git() {
  local b; b=$(git symbolic-ref --short HEAD 2>/dev/null) || return
  if [ -n "$(git status --porcelain 2>/dev/null | head -n1)" ]; then
    printf ' %s%s*' "$(_pc_color "$(_pc_get color_git_dirty)")" "$b"
  else
    printf ' %s%s' "$(_pc_color "$(_pc_get color_git_clean)")" "$b"
  fi
}

_pc_build() {
  local rc=$?
  local s=""
  s+="$(_pc_color "$(_pc_get color_cwd)")\w"
  s+="$(_pc_git)"
  [ -n "${VIRTUAL_ENV:-}" ] && s+=" py:$(python -c 'import sys;print("%d.%d"%sys.version_info[:2])')"
  command -v node >/dev/null && s+=" node:$(node -v | cut -d. -f1 | tr -d v)"
  if [ $rc -eq 0 ]; then s+=" $(_pc_color "$(_pc_get color_status_ok)")✔"; else s+=" $(_pc_color "$(_pc_get color_status_err)")✘$rc"; fi
  s+=" $(_pc_color "$(_pc_get color_time)")\A\[\e[0m\] "
  PS1="$s"
}

if [ -n "${BASH_VERSION:-}" ]; then
  PROMPT_COMMAND=_pc_build
fi
