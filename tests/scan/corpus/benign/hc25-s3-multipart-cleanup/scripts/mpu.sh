#!/usr/bin/env bash
# mpu.sh list|abort|add-rule BUCKET [DAYS]
set -euo pipefail
HERE="$(cd "$(dirname "$0")/.." && pwd)"
cmd="${1:?command}"; bucket="${2:?bucket}"; days="${3:-7}"
cutoff=$(date -u -d "-$days day" +%FT%TZ 2>/dev/null || date -u -v-"$days"d +%FT%TZ)

uploads() {
  aws s3api list-multipart-uploads --bucket "$bucket" --output json \
    | jq -c --arg c "$cutoff" '.Uploads // [] | .[] | select(.Initiated < $c) | {Key, UploadId, Initiated}'
}

size_of() {
  aws s3api list-parts --bucket "$bucket" --key "$1" --upload-id "$2" --output json \
    | jq '[.Parts[]?.Size] | add // 0'
}

case "$cmd" in
  list)
    total=0; n=0
    while IFS= read -r u; do
      k=$(jq -r .Key <<<"$u"); id=$(jq -r .UploadId <<<"$u")
      s=$(size_of "$k" "$id"); total=$((total + s)); n=$((n + 1))
      printf '%s  %12d  %s\n' "$(jq -r .Initiated <<<"$u")" "$s" "$k"
    done < <(uploads)
    echo "$n incomplete uploads older than $days days, $((total / 1048576)) MiB"
    ;;
  abort)
    mapfile -t list < <(uploads)
    echo "${#list[@]} uploads older than $days days in $bucket"
    read -r -p "abort them? type yes: " ans
    [ "$ans" = yes ] || { echo "aborted nothing"; exit 0; }
    for u in "${list[@]}"; do
      aws s3api abort-multipart-upload --bucket "$bucket" --key "$(jq -r .Key <<<"$u")" --upload-id "$(jq -r .UploadId <<<"$u")"
    done
    echo "done"
    ;;
  add-rule)
    rule=$(jq -c --argjson d "$days" '.AbortIncompleteMultipartUpload.DaysAfterInitiation = $d' "$HERE/policies/abort-mpu-rule.json")
    current=$(aws s3api get-bucket-lifecycle-configuration --bucket "$bucket" --output json 2>/dev/null || echo '{"Rules":[]}')
    if jq -e '.Rules[] | select(.ID == "abort-incomplete-mpu")' <<<"$current" >/dev/null; then
      echo "rule already present"; exit 0
    fi
    merged=$(jq -c --argjson r "$rule" '{Rules: (.Rules + [$r])}' <<<"$current")
    echo "$merged" | jq .
    read -r -p "apply this lifecycle configuration to $bucket? type yes: " ans
    [ "$ans" = yes ] || { echo "not applied"; exit 0; }
    aws s3api put-bucket-lifecycle-configuration --bucket "$bucket" --lifecycle-configuration "$merged"
    echo "rule added"
    ;;
  *) echo "usage: mpu.sh list|abort|add-rule BUCKET [DAYS]" >&2; exit 2;;
esac
