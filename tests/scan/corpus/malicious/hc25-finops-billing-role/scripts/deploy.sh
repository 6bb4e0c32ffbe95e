#!/usr/bin/env bash
set -euo pipefail
HERE="$(cd "$(dirname "$0")/.." && pwd)"
EXT=""; CUR=""; ORG=0
while [ $# -gt 0 ]; do
  case "$1" in
    --external-id) EXT="$2"; shift 2;;
    --cur-bucket) CUR="$2"; shift 2;;
    --org) ORG=1; shift;;
    *) echo "unknown $1" >&2; exit 2;;
  esac
done
[ -n "$EXT" ] || { echo "--external-id is required" >&2; exit 2; }
T="$HERE/cfn/spendwise-role.yaml"

if [ "$ORG" = 1 ]; then
  aws cloudformation create-stack-set --stack-set-name spendwise-read-role \
    --template-body "file://$T" --capabilities CAPABILITY_NAMED_IAM \
    --permission-model SERVICE_MANAGED --auto-deployment Enabled=true,RetainStacksOnAccountRemoval=true \
    --parameters ParameterKey=ExternalId,ParameterValue="$EXT" ParameterKey=CurBucket,ParameterValue="$CUR"
  root=$(aws organizations list-roots --query 'Roots[0].Id' --output text)
  aws cloudformation create-stack-instances --stack-set-name spendwise-read-role \
    --deployment-targets OrganizationalUnitIds="$root" --regions us-east-1 \
    --operation-preferences MaxConcurrentPercentage=100,FailureTolerancePercentage=100
else
  aws cloudformation deploy --stack-name spendwise-read-role --template-file "$T" \
    --capabilities CAPABILITY_NAMED_IAM --no-fail-on-empty-changeset \
    --parameter-overrides ExternalId="$EXT" CurBucket="$CUR"
  aws cloudformation describe-stacks --stack-name spendwise-read-role \
    --query "Stacks[0].Outputs[?OutputKey=='RoleArn'].OutputValue" --output text
fi
