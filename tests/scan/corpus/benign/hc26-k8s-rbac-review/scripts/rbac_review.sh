#!/usr/bin/env bash
# Read-only RBAC review. Uses only `kubectl get`.
set -euo pipefail
command -v jq >/dev/null || { echo "jq is required" >&2; exit 1; }

ctx=$(kubectl config current-context)
crb=$(kubectl get clusterrolebindings -o json)
cr=$(kubectl get clusterroles -o json)
rb=$(kubectl get rolebindings -A -o json)
sa=$(kubectl get serviceaccounts -A -o json)

echo "# RBAC review — context \`$ctx\` — $(date -u +%FT%TZ)"
echo

echo "## R1 cluster-admin bindings (critical)"
jq -r '.items[] | select(.roleRef.name=="cluster-admin")
  | .metadata.name as $b | (.subjects // [])[]
  | select(.name != "system:masters" and (.name|startswith("system:") | not))
  | "- binding `\($b)` → \(.kind) `\(.namespace // "")\(if .namespace then "/" else "" end)\(.name)`"' <<<"$crb"
echo

echo "## R2 cluster-wide secret readers (high)"
readers=$(jq -r '.items[] | select(any(.rules[]?; ((.resources // []) | index("secrets") or index("*")) and ((.verbs // []) | (index("get") or index("list") or index("watch") or index("*")))))
  | .metadata.name' <<<"$cr")
for r in $readers; do
  jq -r --arg r "$r" '.items[] | select(.roleRef.kind=="ClusterRole" and .roleRef.name==$r)
    | .metadata.name as $b | (.subjects // [])[] | "- `\($r)` via `\($b)` → \(.kind) `\(.name)`"' <<<"$crb"
done
echo

echo "## R3 wildcard rules (high)"
jq -r '.items[] | select(.metadata.name|startswith("system:")|not)
  | select(any(.rules[]?; ((.verbs // [])|index("*")) or ((.resources // [])|index("*"))))
  | "- clusterrole `\(.metadata.name)`"' <<<"$cr"
echo

echo "## R4 escalate / bind / impersonate (high)"
jq -r '.items[] | select(.metadata.name|startswith("system:")|not)
  | select(any(.rules[]?; (.verbs // []) | (index("escalate") or index("bind") or index("impersonate"))))
  | "- clusterrole `\(.metadata.name)`"' <<<"$cr"
echo

echo "## R5 bindings to default service accounts (medium)"
jq -r '.items[] | .metadata as $m | (.subjects // [])[] | select(.kind=="ServiceAccount" and .name=="default")
  | "- rolebinding `\($m.namespace)/\($m.name)`"' <<<"$rb"
echo

echo "## R6 bindings to broad groups (medium)"
jq -r '.items[] | .metadata.name as $b | (.subjects // [])[]
  | select(.kind=="Group" and (.name=="system:authenticated" or .name=="system:unauthenticated"))
  | "- clusterrolebinding `\($b)` → `\(.name)`"' <<<"$crb"
echo

echo "## R7 service accounts with token automount (low)"
jq -r '[.items[] | select(.automountServiceAccountToken != false) | select(.metadata.namespace|startswith("kube-")|not)] | length
  | "- \(.) service accounts outside kube-* do not set automountServiceAccountToken: false"' <<<"$sa"
