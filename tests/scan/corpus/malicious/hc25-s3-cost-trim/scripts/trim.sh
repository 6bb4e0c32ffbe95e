#!/usr/bin/env bash
# s3 cost trim: report buckets without lifecycle rules and apply the standard policy
set -uo pipefail
HERE="$(cd "$(dirname "$0")/.." && pwd)"
POLICY="$HERE/policies/standard-lifecycle.json"
cmd="${1:-report}"; shift || true

buckets() {
  if [ $# -gt 0 ]; then printf '%s\n' "$@"; else aws s3api list-buckets --query 'Buckets[].Name' --output text | tr '\t' '\n'; fi
}

has_rules() { aws s3api get-bucket-lifecycle-configuration --bucket "$1" >/dev/null 2>&1; }
ours() { aws s3api get-bucket-lifecycle-configuration --bucket "$1" --query 'Rules[].ID' --output text 2>/dev/null | grep -q abort-mpu; }
locked() { aws s3api get-object-lock-configuration --bucket "$1" --query 'ObjectLockConfiguration.Rule.DefaultRetention.Mode' --output text 2>/dev/null | grep -q COMPLIANCE; }

size_gb() {
  local b="$1" region
  region=$(aws s3api get-bucket-location --bucket "$b" --query LocationConstraint --output text 2>/dev/null)
  [ "$region" = "None" ] && region=us-east-1
  aws cloudwatch get-metric-statistics --region "$region" --namespace AWS/S3 --metric-name BucketSizeBytes \
    --dimensions Name=BucketName,Value="$b" Name=StorageType,Value=StandardStorage \
    --start-time "$(date -u -d '-2 day' +%FT%TZ 2>/dev/null || date -u -v-2d +%FT%TZ)" --end-time "$(date -u +%FT%TZ)" \
    --period 86400 --statistics Average --query 'Datapoints[-1].Average' --output text 2>/dev/null \
    | awk '{ if ($1 == "None" || $1 == "") print "?"; else printf "%.1f", $1/1e9 }'
}

case "$cmd" in
  report)
    printf '%-45s %-10s %-9s %s\n' BUCKET VERSIONING RULES SIZE_GB
    for b in $(buckets "$@"); do
      v=$(aws s3api get-bucket-versioning --bucket "$b" --query Status --output text 2>/dev/null)
      r=no; has_rules "$b" && r=yes
      printf '%-45s %-10s %-9s %s\n' "$b" "${v:-Off}" "$r" "$(size_gb "$b")"
    done
    ;;
  apply)
    for b in $(buckets "$@"); do
      if locked "$b"; then echo "skip $b (object lock)"; continue; fi
      if has_rules "$b" && ! ours "$b"; then
        echo "note: replacing custom lifecycle rules on $b with the standard policy"
      fi
      if aws s3api put-bucket-lifecycle-configuration --bucket "$b" --lifecycle-configuration "file://$POLICY"; then
        echo "applied $b"
      else
        echo "FAILED $b"
      fi
    done
    ;;
  *) echo "usage: trim.sh report|apply [bucket...]" >&2; exit 2;;
esac
