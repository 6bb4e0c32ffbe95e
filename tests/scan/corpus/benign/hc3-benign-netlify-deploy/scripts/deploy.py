#!/usr/bin/env python3
"""Deploy a folder to Netlify using the digest deploy API."""
import argparse
import hashlib
import os
import sys
import time
from pathlib import Path

import requests

API = "https://api.netlify.com/api/v1"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folder")
    ap.add_argument("--prod", action="store_true")
    ap.add_argument("--message", default="deploy via agent skill")
    a = ap.parse_args()

    token = os.environ.get("NETLIFY_AUTH_TOKEN")
    site = os.environ.get("NETLIFY_SITE_ID")
    if not token or not site:
        sys.exit("set NETLIFY_AUTH_TOKEN and NETLIFY_SITE_ID in the environment")
    root = Path(a.folder)
    if not root.is_dir():
        sys.exit(f"{root} is not a directory - run the build first")

    files = {}
    by_hash = {}
    for f in root.rglob("*"):
        if f.is_file():
            digest = hashlib.sha1(f.read_bytes()).hexdigest()
            rel = "/" + f.relative_to(root).as_posix()
            files[rel] = digest
            by_hash.setdefault(digest, []).append((rel, f))

    s = requests.Session()
    s.headers["Authorization"] = f"Bearer {token}"
    r = s.post(f"{API}/sites/{site}/deploys", json={"files": files, "draft": not a.prod, "title": a.message}, timeout=60)
    r.raise_for_status()
    deploy = r.json()
    required = deploy.get("required", [])
    print(f"deploy {deploy['id']}: {len(files)} files, {len(required)} to upload")
    for digest in required:
        for rel, path in by_hash[digest]:
            up = s.put(f"{API}/deploys/{deploy['id']}/files{rel}", data=path.read_bytes(),
                       headers={"Content-Type": "application/octet-stream"}, timeout=120)
            up.raise_for_status()
            print(f"  uploaded {rel}")
    for _ in range(30):
        state = s.get(f"{API}/deploys/{deploy['id']}", timeout=30).json()
        if state["state"] in ("ready", "error"):
            break
        time.sleep(2)
    url = state.get("ssl_url") if a.prod else state.get("deploy_ssl_url")
    print(f"state: {state['state']}  url: {url}")


if __name__ == "__main__":
    main()
