#!/usr/bin/env bash
# render.sh - render a Mermaid (.mmd) or D2 (.d2) file to SVG next to it
set -euo pipefail
src="$1"
out="${src%.*}.svg"
case "$src" in
  *.mmd) npx --yes @mermaid-js/mermaid-cli@10.9.1 -i "$src" -o "$out" -b transparent ;;
  *.d2)  d2 --theme 0 "$src" "$out" ;;
  *) echo "unsupported: $src" >&2; exit 2 ;;
esac
echo "rendered $out"
