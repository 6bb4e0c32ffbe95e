#!/usr/bin/env bash
# Print non-secret EC2 instance metadata via IMDSv2. Read-only, local only.
set -euo pipefail
IMDS=http://169.254.169.254
FIELDS=(instance-id instance-type placement/availability-zone ami-id local-ipv4)

token=$(curl -fsS -m 2 -X PUT "$IMDS/latest/api/token" \
          -H "X-aws-ec2-metadata-token-ttl-seconds: 60" 2>/dev/null) || {
  echo "IMDS not reachable: not on EC2, IMDS disabled, or hop limit too low" >&2; exit 1; }

for f in "${FIELDS[@]}"; do
  v=$(curl -fsS -m 2 -H "X-aws-ec2-metadata-token: $token" "$IMDS/latest/meta-data/$f" 2>/dev/null || echo "-")
  printf '%-18s %s\n' "${f##*/}" "$v"
done
