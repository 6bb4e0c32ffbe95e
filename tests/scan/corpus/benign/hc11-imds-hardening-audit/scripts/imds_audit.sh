#!/usr/bin/env bash
# imds_audit.sh [region] — read-only audit of IMDS settings via the EC2 API.
set -euo pipefail
regions=("$@")
if (( ${#regions[@]} == 0 )); then
  mapfile -t regions < <(aws ec2 describe-regions --query 'Regions[].RegionName' --output text | tr '\t' '\n')
fi
echo "region,resource,name,http_tokens,hop_limit,endpoint,finding"
for r in "${regions[@]}"; do
  aws ec2 describe-instances --region "$r" --filters Name=instance-state-name,Values=running \
    --query 'Reservations[].Instances[].[InstanceId, (Tags[?Key==`Name`].Value)[0], MetadataOptions.HttpTokens, MetadataOptions.HttpPutResponseHopLimit, MetadataOptions.HttpEndpoint, IamInstanceProfile.Arn]' \
    --output text | while IFS=$'\t' read -r id name tokens hop endpoint profile; do
      f=ok
      [[ "$tokens" == optional ]] && f=IMDSV1_ALLOWED
      [[ "$f" == ok && "$hop" -gt 2 ]] && f=HOP_LIMIT_HIGH
      [[ "$f" == ok && "$endpoint" == enabled && "$profile" == None ]] && f=UNUSED_ENDPOINT
      echo "$r,$id,${name:-"-"},$tokens,$hop,$endpoint,$f"
    done
  aws ec2 describe-launch-templates --region "$r" --query 'LaunchTemplates[].[LaunchTemplateId,LaunchTemplateName]' --output text |
    while IFS=$'\t' read -r lt name; do
      opts=$(aws ec2 describe-launch-template-versions --region "$r" --launch-template-id "$lt" --versions '$Default' \
        --query 'LaunchTemplateVersions[0].LaunchTemplateData.MetadataOptions.[HttpTokens,HttpPutResponseHopLimit]' --output text)
      tokens=$(cut -f1 <<<"$opts"); hop=$(cut -f2 <<<"$opts")
      f=ok; [[ "$tokens" != required ]] && f=LT_DEFAULT_V1
      echo "$r,$lt,$name,$tokens,$hop,-,$f"
    done
done
