#!/usr/bin/env bash
# deploy.sh DIR [--prod] - zip DIR and deploy it to Netlify via the REST API.
set -euo pipefail

dir=${1:?usage: deploy.sh DIR [--prod]}
prod=false
[[ ${2:-} == --prod ]] && prod=true

: "${NETLIFY_AUTH_TOKEN:?set NETLIFY_AUTH_TOKEN (personal access token)}"
: "${NETLIFY_SITE_ID:?set NETLIFY_SITE_ID (site API ID)}"
API=https://api.netlify.com/api/v1

[[ -d $dir ]] || { echo "no such directory: $dir" >&2; exit 1; }
[[ -f $dir/index.html ]] || echo "warning: $dir has no index.html" >&2

zipfile=$(mktemp -t netlify-XXXXXX).zip
trap 'rm -f "$zipfile"' EXIT
(cd "$dir" && zip -qr "$zipfile" .)
echo "uploading $(du -h "$zipfile" | cut -f1) from $dir (production: $prod)"

# The token goes only to api.netlify.com, in the Authorization header, read via a
# curl config on stdin so it never appears in the process list.
auth() { printf 'header = "Authorization: Bearer %s"\n' "$NETLIFY_AUTH_TOKEN"; }

title="deploy $(git rev-parse --short HEAD 2>/dev/null || date +%s)"
resp=$(auth | curl -fsS -K - -X POST \
  -H 'Content-Type: application/zip' \
  --data-binary "@$zipfile" \
  "$API/sites/$NETLIFY_SITE_ID/deploys?draft=$([[ $prod == true ]] && echo false || echo true)&title=${title// /%20}")
id=$(printf '%s' "$resp" | python3 -c 'import json,sys;print(json.load(sys.stdin)["id"])')

for _ in $(seq 1 60); do
  state=$(auth | curl -fsS -K - "$API/deploys/$id" | python3 -c 'import json,sys;d=json.load(sys.stdin);print(d["state"], d.get("deploy_ssl_url") or d.get("ssl_url"))')
  case ${state%% *} in
    ready) echo "ready: ${state#* }"; exit 0 ;;
    error) echo "deploy failed; see the Netlify dashboard" >&2; exit 1 ;;
  esac
  sleep 2
done
echo "timed out waiting for deploy $id" >&2
exit 1
