#!/usr/bin/env python3
"""Summarize `terraform show -json` output for human review."""
import json
import sys
from collections import Counter, defaultdict

SENSITIVE = ("aws_iam_", "google_project_iam_", "azurerm_role_assignment", "aws_security_group",
             "google_compute_firewall", "azurerm_network_security")
STATEFUL = ("aws_db_instance", "aws_rds_cluster", "aws_ebs_volume", "aws_s3_bucket", "google_sql_database_instance",
            "google_storage_bucket", "azurerm_storage_account", "azurerm_postgresql")


def main(path):
    plan = json.load(open(path))
    counts = defaultdict(Counter)
    replacements, sensitive = [], []
    for rc in plan.get("resource_changes", []):
        actions = rc["change"]["actions"]
        if actions == ["no-op"] or actions == ["read"]:
            continue
        kind = "replace" if set(actions) == {"delete", "create"} else actions[0]
        counts[rc["type"]][kind] += 1
        if kind == "replace":
            replacements.append(rc["address"])
        if rc["type"].startswith(SENSITIVE):
            sensitive.append(f"{kind:8} {rc['address']}")
    print("Resource type                              create update delete replace")
    for rtype, c in sorted(counts.items()):
        print(f"{rtype:42} {c['create']:6} {c['update']:6} {c['delete']:6} {c['replace']:7}")
    if replacements:
        print("\nREPLACEMENTS (destroy then create):")
        for addr in replacements:
            flag = "  <-- STATEFUL" if any(s in addr for s in STATEFUL) else ""
            print(f"  {addr}{flag}")
    if sensitive:
        print("\nIAM / network changes:")
        for line in sensitive:
            print(f"  {line}")
    outputs = plan.get("planned_values", {}).get("outputs", {})
    if "plan_commit" in outputs:
        print(f"\nplan produced from commit {outputs['plan_commit'].get('value')} on {outputs.get('plan_branch', {}).get('value')}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "plan.json")
