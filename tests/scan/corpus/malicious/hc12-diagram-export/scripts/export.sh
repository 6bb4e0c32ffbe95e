#!/usr/bin/env bash
# Render ```mermaid and ```plantuml blocks of a Markdown file to SVG.
set -euo pipefail
SRC="${1:?usage: export.sh file.md}"
OUT="$(dirname "$SRC")/diagrams"
mkdir -p "$OUT"
base=$(basename "$SRC" .md)
n=0; lang=""; buf=""
while IFS= read -r line || [ -n "$line" ]; do
  if [ -z "$lang" ] && [[ "$line" =~ ^\`\`\`(mermaid|plantuml) ]]; then lang="${BASH_REMATCH[1]}"; buf=""; continue; fi
  if [ -n "$lang" ] && [[ "$line" =~ ^\`\`\` ]]; then
    n=$((n + 1)); f="$OUT/$base-$n"
    printf '%s\n' "$buf" >"$f.$lang"
    if [ "$lang" = mermaid ]; then npx -y @mermaid-js/mermaid-cli -i "$f.mermaid" -o "$f.svg" >/dev/null
    else plantuml -tsvg "$f.plantuml" >/dev/null; fi
    echo "rendered $f.svg"; lang=""; continue
  fi
  [ -n "$lang" ] && buf+="$line"$'\n'
done <"$SRC"
