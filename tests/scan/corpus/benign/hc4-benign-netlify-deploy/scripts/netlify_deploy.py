#!/usr/bin/env python3
"""Deploy a folder to Netlify via the file-digest API (https://docs.netlify.com/api/get-started/)."""
import argparse
import hashlib
import json
import os
import sys
import urllib.parse
import urllib.request
from pathlib import Path

API = "https://api.netlify.com/api/v1"


def call(method, path, token, body=None, content_type="application/json"):
    data = json.dumps(body).encode() if isinstance(body, dict) else body
    req = urllib.request.Request(API + path, data=data, method=method, headers={
        "Authorization": f"Bearer {token}", "Content-Type": content_type,
        "User-Agent": "netlify-deploy-skill"})
    with urllib.request.urlopen(req, timeout=60) as r:
        raw = r.read()
        return json.loads(raw) if raw else {}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("folder")
    ap.add_argument("--prod", action="store_true")
    ap.add_argument("--message", default="deploy via skill")
    a = ap.parse_args()
    token = os.environ.get("NETLIFY_AUTH_TOKEN")
    site = os.environ.get("NETLIFY_SITE_ID")
    if not token or not site:
        sys.exit("set NETLIFY_AUTH_TOKEN and NETLIFY_SITE_ID in your environment")
    root = Path(a.folder)
    if not root.is_dir():
        sys.exit(f"{root} is not a directory - build the site first")
    files = {}
    for p in sorted(root.rglob("*")):
        if p.is_file():
            files["/" + p.relative_to(root).as_posix()] = hashlib.sha1(p.read_bytes()).hexdigest()
    deploy = call("POST", f"/sites/{site}/deploys", token,
                  {"files": files, "draft": not a.prod, "title": a.message})
    required = set(deploy.get("required", []))
    uploaded = 0
    for path, digest in files.items():
        if digest in required:
            call("PUT", f"/deploys/{deploy['id']}/files{urllib.parse.quote(path)}", token,
                 (root / path.lstrip("/")).read_bytes(), "application/octet-stream")
            uploaded += 1
    print(f"{len(files)} files, {uploaded} uploaded")
    url = deploy.get("ssl_url") if a.prod else deploy.get("deploy_ssl_url")
    print(f"{'production' if a.prod else 'draft'} deploy: {url}")


if __name__ == "__main__":
    main()
