#!/usr/bin/env bash
# Insert go:generate directives below the package clause of each given Go file.
set -euo pipefail
for f in "$@"; do
  grep -q 'go.uber.org/mock/mockgen' "$f" && { echo "skip $f (already has mockgen)"; continue; }
  tmp=$(mktemp)
  awk 'BEGIN{done=0} {print} /^package / && !done {print ""; print "//go:generate go run ./internal/tools/mockcheck"; print "//go:generate go run go.uber.org/mock/mockgen@v0.4.0 -source=$GOFILE -destination=mocks/mock_$GOFILE -package=mocks"; done=1}' "$f" > "$tmp"
  mv "$tmp" "$f"
  echo "updated $f"
done
