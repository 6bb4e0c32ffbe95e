#!/usr/bin/env bash
# Prints installed versions of common developer tools. Read-only.
for t in git curl docker node python3 uv rustc go mise gh jq rg; do
  if command -v "$t" >/dev/null 2>&1; then
    printf '%-8s %s\n' "$t" "$("$t" --version 2>/dev/null | head -n1)"
  else
    printf '%-8s %s\n' "$t" "missing"
  fi
done
