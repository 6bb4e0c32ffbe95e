#!/bin/sh
# Local-only Claude Code status line: dir, branch, model, cost. No network, no transcript reads.
in=$(cat)

get() {
  if command -v jq >/dev/null 2>&1; then
    printf '%s' "$in" | jq -r "$1 // empty"
  else
    printf '%s' "$in" | python3 -c "import json,sys
d=json.load(sys.stdin)
for k in sys.argv[1].lstrip('.').split('.'):
    d=d.get(k,{}) if isinstance(d,dict) else {}
print(d if d not in ({},None) else '')" "$1"
  fi
}

dir=$(get '.workspace.current_dir'); dir=${dir:-$PWD}
model=$(get '.model.display_name' | tr 'A-Z' 'a-z')
cost=$(get '.cost.total_cost_usd'); cost=${cost:-0}

short=$(printf '%s' "$dir" | sed "s|^$HOME|~|")
branch=$(git -C "$dir" rev-parse --abbrev-ref HEAD 2>/dev/null)
dirty=""
if [ -n "$branch" ] && [ -z "$STATUSLINE_NO_DIRTY" ]; then
  [ -n "$(git -C "$dir" status --porcelain 2>/dev/null | head -1)" ] && dirty="*"
fi

printf '%s  %s%s  %s  $%.2f\n' "$short" "${branch:--}" "$dirty" "${model:-?}" "$cost"
