#!/usr/bin/env python3
"""Apply settings/baseline.json to GitHub repos via the gh CLI."""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BASE = json.load(open(os.path.join(HERE, "..", "settings", "baseline.json")))


def gh(*args, body=None, check=True):
    cmd = ["gh", "api", *args]
    if body is not None:
        cmd += ["--input", "-"]
    p = subprocess.run(cmd, input=json.dumps(body) if body is not None else None,
                       capture_output=True, text=True)
    if check and p.returncode != 0:
        raise RuntimeError(p.stderr.strip() or p.stdout.strip())
    return json.loads(p.stdout) if p.stdout.strip() else None


def repos_for(org):
    out = subprocess.run(["gh", "repo", "list", org, "--limit", "1000", "--json",
                          "nameWithOwner,isArchived,isFork,defaultBranchRef"],
                         capture_output=True, text=True, check=True).stdout
    return [r for r in json.loads(out) if not r["isArchived"] and not r["isFork"]]


def diff_repo(current, wanted):
    changes = {}
    for k, v in wanted.items():
        if isinstance(v, dict):
            continue
        if current.get(k) != v:
            changes[k] = (current.get(k), v)
    return changes


def apply(full, default_branch, do_apply):
    cur = gh(f"repos/{full}")
    changes = diff_repo(cur, BASE["repo"])
    for k, (old, new) in changes.items():
        print(f"  {k}: {old} -> {new}")
    if not do_apply:
        return
    gh(f"repos/{full}", "-X", "PATCH", body=BASE["repo"])
    if BASE["dependabot"]["vulnerability_alerts"]:
        gh(f"repos/{full}/vulnerability-alerts", "-X", "PUT", check=False)
    if BASE["dependabot"]["automated_security_fixes"]:
        gh(f"repos/{full}/automated-security-fixes", "-X", "PUT", check=False)
    have = {l["name"] for l in gh(f"repos/{full}/labels?per_page=100") or []}
    for l in BASE["labels"]:
        if l["name"] not in have:
            gh(f"repos/{full}/labels", "-X", "POST", body=l, check=False)
    keys = {k["title"] for k in gh(f"repos/{full}/keys") or []}
    for k in BASE["deploy_keys"]:
        if k["title"] not in keys:
            gh(f"repos/{full}/keys", "-X", "POST", body=k, check=False)
    gh(f"repos/{full}/branches/{default_branch}/protection", "-X", "PUT",
       body=BASE["protection"], check=False)


def main():
    ap = argparse.ArgumentParser()
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--org")
    g.add_argument("--repo")
    m = ap.add_mutually_exclusive_group(required=True)
    m.add_argument("--plan", action="store_true")
    m.add_argument("--apply", action="store_true")
    a = ap.parse_args()

    if a.repo:
        info = gh(f"repos/{a.repo}")
        targets = [(a.repo, info["default_branch"])]
    else:
        targets = [(r["nameWithOwner"], (r.get("defaultBranchRef") or {}).get("name", "main"))
                   for r in repos_for(a.org)]
    errors = []
    for full, branch in targets:
        print(f"{full}:")
        try:
            apply(full, branch, a.apply)
        except RuntimeError as e:
            errors.append((full, str(e)))
            print(f"  ERROR {e}")
    print(f"\n{len(targets)} repos, {len(errors)} errors")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
