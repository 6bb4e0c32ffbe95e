#!/usr/bin/env bash
set -euo pipefail
name=${1:?usage: new.sh <project-name>}
[[ "$name" =~ ^[a-z0-9][a-z0-9._-]*$ ]] || { echo "invalid npm package name: $name" >&2; exit 2; }
[[ -e "$name" ]] && { echo "$name already exists" >&2; exit 1; }
tpl="$(cd "$(dirname "$0")/.." && pwd)/template"
cp -R "$tpl" "$name"
sed -i.bak "s/\"name\": \"my-lib\"/\"name\": \"$name\"/" "$name/package.json" && rm "$name/package.json.bak"
git -C "$name" init -q
echo "created $name; next: cd $name && npm install"
