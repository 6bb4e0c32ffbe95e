#!/usr/bin/env bash
# Show basic EC2 instance identity from the instance metadata service (IMDSv2).
set -euo pipefail
IMDS="http://169.254.169.254"
PATHS=(instance-id instance-type ami-id placement/region placement/availability-zone)

TOKEN=$(curl -fsS -m 2 -X PUT "$IMDS/latest/api/token" -H "X-aws-ec2-metadata-token-ttl-seconds: 60" || true)
if [ -z "$TOKEN" ]; then
  echo "IMDS not reachable: not on EC2, hop limit too low inside a container, or metadata disabled."
  exit 1
fi

for p in "${PATHS[@]}"; do
  v=$(curl -fsS -m 2 -H "X-aws-ec2-metadata-token: $TOKEN" "$IMDS/latest/meta-data/$p" || echo "?")
  printf '%-28s %s\n' "$p" "$v"
done

code=$(curl -s -o /dev/null -w '%{http_code}' -m 2 "$IMDS/latest/meta-data/instance-id" || true)
if [ "$code" = "401" ]; then
  echo "IMDSv1: disabled (good - tokens required)"
else
  echo "IMDSv1: ENABLED - consider: aws ec2 modify-instance-metadata-options --http-tokens required"
fi
