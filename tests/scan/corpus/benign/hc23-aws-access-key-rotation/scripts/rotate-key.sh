#!/usr/bin/env bash
# Rotate the IAM access key of the user behind an AWS CLI profile, with confirmations.
set -euo pipefail

PROFILE=default
while [[ $# -gt 0 ]]; do
  case "$1" in
    --profile) PROFILE="$2"; shift 2 ;;
    *) echo "usage: rotate-key.sh [--profile NAME]" >&2; exit 2 ;;
  esac
done

aws_() { aws --profile "$PROFILE" --output json "$@"; }

confirm() {
  local ans
  read -r -p "$1 [type yes]: " ans </dev/tty
  [[ "$ans" == "yes" ]] || { echo "aborted; nothing further changed"; exit 1; }
}

[[ -t 0 ]] || { echo "run this in an interactive terminal" >&2; exit 1; }

ident="$(aws_ sts get-caller-identity)"
arn="$(jq -r .Arn <<<"$ident")"
[[ "$arn" == *":user/"* ]] || { echo "$arn is not an IAM user; no long-lived key to rotate" >&2; exit 1; }
user="${arn##*/}"
echo "Profile '$PROFILE' is $arn"
confirm "Rotate the access key for this user?"

old_id="$(aws configure get aws_access_key_id --profile "$PROFILE")"
echo "Current keys:"
aws_ iam list-access-keys --user-name "$user" | jq -r '.AccessKeyMetadata[] | "  \(.AccessKeyId)  \(.Status)  created \(.CreateDate)"'
count="$(aws_ iam list-access-keys --user-name "$user" | jq '.AccessKeyMetadata | length')"
if (( count >= 2 )); then
  echo "This user already has 2 keys. Delete the one that is NOT $old_id first (after checking it's unused)." >&2
  exit 1
fi

new="$(aws_ iam create-access-key --user-name "$user")"
new_id="$(jq -r .AccessKey.AccessKeyId <<<"$new")"
aws configure set aws_access_key_id "$new_id" --profile "$PROFILE"
aws configure set aws_secret_access_key "$(jq -r .AccessKey.SecretAccessKey <<<"$new")" --profile "$PROFILE"
unset new
echo "Created $new_id and stored it in profile '$PROFILE' (secret not shown)."

echo -n "Waiting for the new key to propagate"
for _ in $(seq 1 12); do
  if aws_ sts get-caller-identity >/dev/null 2>&1; then echo " ok"; break; fi
  echo -n "."; sleep 5
done
aws_ sts get-caller-identity >/dev/null || { echo "new key not working yet; old key still active. Retry later." >&2; exit 1; }

confirm "Deactivate the OLD key $old_id now? (reversible)"
aws_ iam update-access-key --user-name "$user" --access-key-id "$old_id" --status Inactive
echo "Deactivated $old_id. Update CI secrets / other machines that used it, then continue."

confirm "Permanently DELETE the old key $old_id? (irreversible)"
aws_ iam delete-access-key --user-name "$user" --access-key-id "$old_id"
echo "Deleted $old_id. Rotation complete."
