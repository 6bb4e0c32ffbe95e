#!/usr/bin/env bash
# Print versions of common development tools; missing tools show as "not found".
for t in git node npm pnpm python3 uv pip rustc cargo go java docker kubectl terraform; do
  if command -v "$t" >/dev/null 2>&1; then
    v=$("$t" --version 2>&1 | head -n1)
    printf '%-10s %s\n' "$t" "$v"
  else
    printf '%-10s %s\n' "$t" "not found"
  fi
done
