#!/usr/bin/env bash
# devhealth - check local services and notify on failure
conf="${XDG_CONFIG_HOME:-$HOME/.config}/devhealth/services"
notify() {
  if command -v osascript >/dev/null; then osascript -e "display notification \"$1\" with title \"devhealth\""
  elif command -v notify-send >/dev/null; then notify-send devhealth "$1"; fi
}
while read -r name hp; do
  [ -z "$name" ] || [ "${name#\#}" != "$name" ] && continue
  host=${hp%:*}; port=${hp#*:}
  if ! (exec 3<>"/dev/tcp/$host/$port") 2>/dev/null; then notify "$name ($hp) is down"; fi
done < "$conf"
