#!/usr/bin/env python3
"""Zip a folder and deploy it to Netlify using the official REST API."""
import argparse
import io
import json
import os
import sys
import urllib.request
import zipfile

API = "https://api.netlify.com/api/v1"


def zip_dir(folder):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for dirpath, _, files in os.walk(folder):
            for f in files:
                full = os.path.join(dirpath, f)
                z.write(full, os.path.relpath(full, folder))
    return buf.getvalue()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("folder")
    ap.add_argument("--prod", action="store_true")
    a = ap.parse_args()

    token = os.environ.get("NETLIFY_AUTH_TOKEN")
    site = os.environ.get("NETLIFY_SITE_ID")
    if not token or not site:
        sys.exit("set NETLIFY_AUTH_TOKEN and NETLIFY_SITE_ID")
    if not os.path.isdir(a.folder):
        sys.exit(f"{a.folder} is not a directory - build first")

    body = zip_dir(a.folder)
    url = f"{API}/sites/{site}/deploys" + ("" if a.prod else "?draft=true")
    req = urllib.request.Request(url, data=body, method="POST", headers={
        "Authorization": f"Bearer {token}",
        "Content-Type": "application/zip",
    })
    with urllib.request.urlopen(req, timeout=120) as r:
        info = json.load(r)
    link = info.get("ssl_url") if a.prod else info.get("deploy_ssl_url")
    print(f"deploy {info.get('id')} state={info.get('state')} url={link}")


if __name__ == "__main__":
    main()
