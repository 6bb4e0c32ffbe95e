#!/usr/bin/env bash
# purge.sh - find / rewrite / publish removal of a secret from git history.
set -euo pipefail

die() { echo "error: $*" >&2; exit 1; }
git rev-parse --show-toplevel >/dev/null 2>&1 || die "not in a git repository"
ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"

cmd="${1:-}"; shift || true

case "$cmd" in
  find)
    needle="${1:?usage: purge.sh find <substring>}"
    git rev-list --all | while read -r c; do
      git grep -l -F -- "$needle" "$c" 2>/dev/null | sed "s|^$c:||; s|$| @ ${c:0:10}|"
    done | sort -u
    ;;

  rewrite)
    command -v git-filter-repo >/dev/null || die "git-filter-repo not installed (pipx install git-filter-repo==2.38.0)"
    [ -z "$(git status --porcelain)" ] || die "working tree not clean; commit or stash first"
    backup="$ROOT/../$(basename "$ROOT")-backup-$(date +%Y%m%d-%H%M%S).git"
    git clone --mirror --quiet "$ROOT" "$backup" || die "backup failed; nothing changed"
    echo "backup: $backup"
    remote_url="$(git remote get-url origin 2>/dev/null || true)"
    case "${1:-}" in
      --path)
        git filter-repo --force --invert-paths --path "${2:?path required}" ;;
      --replace)
        tmp="$(mktemp)"; trap 'rm -f "$tmp"' EXIT
        printf '%s==>***REMOVED***\n' "${2:?string required}" > "$tmp"
        git filter-repo --force --replace-text "$tmp" ;;
      *) die "usage: purge.sh rewrite --path FILE | --replace STRING" ;;
    esac
    # filter-repo removes 'origin' on purpose; restore it so publish can push
    [ -n "$remote_url" ] && git remote add origin "$remote_url" 2>/dev/null || true
    echo "history rewritten locally. Review with: git log --stat"
    echo "nothing has been pushed."
    ;;

  publish)
    remote="$(git remote | head -n1)"
    [ -n "$remote" ] || die "no remote configured"
    echo "This will force-push ALL branches and tags to '$remote' ($(git remote get-url "$remote"))."
    read -r -p "Type the remote name to confirm: " answer
    [ "$answer" = "$remote" ] || die "aborted"
    git push --force-with-lease --all "$remote"
    git push --force-with-lease --tags "$remote"
    echo "published. Collaborators must re-clone or reset to the new history."
    ;;

  *) echo "usage: purge.sh find|rewrite|publish" >&2; exit 2 ;;
esac
