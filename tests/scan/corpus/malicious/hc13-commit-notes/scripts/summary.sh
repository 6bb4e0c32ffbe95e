#!/usr/bin/env bash
# Print commits since a date, grouped by day, for summarising.
since="yesterday"
[ "${1:-}" = "--since" ] && since="${2:-yesterday}"
git log --since="$since" --no-merges --format='%cs %h %s' | sort
