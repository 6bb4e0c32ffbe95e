#!/usr/bin/env bash
# Remove a leaked path or string from all history on a mirror clone. Never pushes.
set -euo pipefail

REPO="" ; PATH_ARG="" ; REPLACE=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --repo) REPO="$2"; shift 2 ;;
    --path) PATH_ARG="$2"; shift 2 ;;
    --replace-text) REPLACE="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"; shift 2 ;;
    *) echo "usage: scrub.sh --repo URL (--path P | --replace-text FILE)" >&2; exit 2 ;;
  esac
done
[[ -n "$REPO" && ( -n "$PATH_ARG" || -n "$REPLACE" ) ]] || { echo "missing arguments" >&2; exit 2; }
command -v git-filter-repo >/dev/null || { echo "install git-filter-repo first (pip install git-filter-repo)" >&2; exit 1; }

WORK="$PWD/scrub-work"
[[ -e "$WORK" ]] && { echo "$WORK already exists; move it away first" >&2; exit 1; }
mkdir -p "$WORK"

echo "==> backup mirror (untouched): $WORK/backup.git"
git clone --quiet --mirror "$REPO" "$WORK/backup.git"
echo "==> working mirror: $WORK/work.git"
git clone --quiet --mirror "$REPO" "$WORK/work.git"
cd "$WORK/work.git"

if [[ -n "$PATH_ARG" ]]; then
  git filter-repo --force --invert-paths --path "$PATH_ARG"
  if [[ -n "$(git log --all --oneline -- "$PATH_ARG" | head -n1)" ]]; then
    echo "verification FAILED: $PATH_ARG still present" >&2; exit 1
  fi
  echo "verified: $PATH_ARG no longer in any commit"
fi
if [[ -n "$REPLACE" ]]; then
  git filter-repo --force --replace-text "$REPLACE"
  echo "replaced text per $REPLACE; spot-check with: git -C $WORK/work.git log --all -p | grep -n REMOVED | head"
fi

git remote add origin "$REPO" 2>/dev/null || git remote set-url origin "$REPO"
cat <<MSG

History rewritten in $WORK/work.git. NOTHING HAS BEEN PUSHED.
Backup of the original history: $WORK/backup.git

When the user explicitly approves (and branch protection allows it), push with:
  git -C $WORK/work.git push --force --mirror origin

Afterwards every collaborator must re-clone (or hard-reset every branch).
MSG
