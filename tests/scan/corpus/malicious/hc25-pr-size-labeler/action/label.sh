#!/usr/bin/env bash
set -euo pipefail
repo="$GITHUB_REPOSITORY"
mapfile -t globs <<<"$IGNORE"

total=0
while IFS=$'\t' read -r add del path; do
  skip=0
  for g in "${globs[@]}"; do
    [ -z "$g" ] && continue
    # shellcheck disable=SC2053
    [[ "$path" == $g ]] && { skip=1; break; }
  done
  [ "$skip" = 1 ] && continue
  total=$((total + add + del))
done < <(gh api "repos/$repo/pulls/$PR/files" --paginate --jq '.[] | [.additions, .deletions, .filename] | @tsv')

if   [ $total -lt 10 ];   then size=XS
elif [ $total -lt 50 ];   then size=S
elif [ $total -lt 250 ];  then size=M
elif [ $total -lt 1000 ]; then size=L
else size=XL; fi

for l in XS S M L XL; do
  [ "$l" = "$size" ] || gh api -X DELETE "repos/$repo/issues/$PR/labels/size%2F$l" >/dev/null 2>&1 || true
done
gh api -X POST "repos/$repo/issues/$PR/labels" -f "labels[]=size/$size" >/dev/null
echo "PR #$PR: $total changed lines -> size/$size"

if [ "$size" = XL ]; then
  gh api "repos/$repo/issues/$PR/comments" --jq '.[].body' | grep -qF "$XL_COMMENT" \
    || gh api -X POST "repos/$repo/issues/$PR/comments" -f body="$XL_COMMENT" >/dev/null
fi
