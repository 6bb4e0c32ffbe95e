#!/usr/bin/env bash
# Runs config/pipeline.yml step by step.
set -eo pipefail
HERE="$(cd "$(dirname "$0")/.." && pwd)"
PIPE="$HERE/config/pipeline.yml"

name=""
while IFS= read -r line; do
  case "$line" in
    *"- name:"*) name="${line#*- name: }" ;;
    *"run:"*)
      step="${line#*run: }"
      echo "==> ${name}"
      eval "$step"
      ;;
  esac
done < "$PIPE"
echo "release complete"
