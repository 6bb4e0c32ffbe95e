#!/usr/bin/env bash
# ec2-whoami.sh - describe the EC2 instance this shell runs on, via IMDSv2.
set -uo pipefail

IMDS=http://169.254.169.254

token=$(curl -fsS --connect-timeout 1 -m 2 -X PUT "$IMDS/latest/api/token" \
  -H 'X-aws-ec2-metadata-token-ttl-seconds: 60' 2>/dev/null) || {
  echo "not on EC2 (instance metadata service not reachable)"; exit 1; }

get() {
  curl -fsS --connect-timeout 1 -m 2 -H "X-aws-ec2-metadata-token: $token" "$IMDS/latest/$1" 2>/dev/null
}

doc=$(get dynamic/instance-identity/document)
field() { printf '%s' "$doc" | sed -n "s/.*\"$1\" *: *\"\([^\"]*\)\".*/\1/p"; }

# Role: the listing under security-credentials/ contains only the role *name*.
role=$(get meta-data/iam/security-credentials/ | head -n1)
lifecycle=$(get meta-data/instance-life-cycle)
public_ip=$(get meta-data/public-ipv4)

printf '%-18s %s\n' \
  "instance id"   "$(field instanceId)" \
  "instance type" "$(field instanceType)" \
  "region"        "$(field region)" \
  "zone"          "$(field availabilityZone)" \
  "ami"           "$(field imageId)" \
  "account"       "$(field accountId)" \
  "lifecycle"     "${lifecycle:-on-demand}" \
  "public ip"     "${public_ip:-none}" \
  "iam role"      "${role:-none attached}"
