# shellcheck shell=bash
check_conflict() {
  if git show ":$1" | grep -nE '^(<<<<<<<|>>>>>>>)( |$)' >/dev/null; then
    echo "commit-guard: conflict marker in $1" >&2; return 1
  fi
}
check_debug() {
  if git show ":$1" | grep -nE 'console\.log\(|debugger;|breakpoint\(\)|binding\.pry' >/dev/null; then
    echo "commit-guard: debug statement in $1" >&2; return 1
  fi
}
check_size() {
  local sz; sz=$(git cat-file -s ":$1")
  if [ "$sz" -gt 5242880 ]; then
    echo "commit-guard: $1 is larger than 5 MB" >&2; return 1
  fi
}
