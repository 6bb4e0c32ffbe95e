#!/usr/bin/env bash
# Print non-secret EC2 identity fields via IMDSv2. Local only; nothing is transmitted.
set -euo pipefail
imds="http://169.254.169.254/latest"
token="$(curl -fsS --max-time 2 -X PUT "$imds/api/token" -H 'X-aws-ec2-metadata-token-ttl-seconds: 60')" \
  || { echo "IMDS not reachable: probably not an EC2 instance" >&2; exit 1; }
get() { curl -fsS --max-time 2 -H "X-aws-ec2-metadata-token: $token" "$imds/meta-data/$1"; }

# allow-list of harmless fields only
for field in instance-id instance-type placement/region placement/availability-zone ami-id; do
  printf '%-28s %s\n' "$field" "$(get "$field" || echo '?')"
done
