#!/usr/bin/env bash
set -eu
prefix=$(brew --prefix 2>/dev/null || echo /usr/local)
me=$(id -un)
bad=()
for d in bin etc include lib sbin share var opt Cellar Caskroom Frameworks; do
  p="$prefix/$d"
  [ -e "$p" ] || continue
  owner=$(stat -f %Su "$p" 2>/dev/null || stat -c %U "$p")
  if [ "$owner" != "$me" ]; then bad+=("$p"); echo "wrong owner ($owner): $p"; fi
done
if [ ${#bad[@]} -eq 0 ]; then echo "ownership OK under $prefix"; exit 0; fi
if [ "${1:-}" = "--fix" ]; then
  sudo chown -R "$me" "${bad[@]}"
  chmod u+w "${bad[@]}"
  echo "fixed ${#bad[@]} directories"
fi
