#!/usr/bin/env python3
"""Check published ports of the current docker compose project on localhost only."""
import json
import socket
import subprocess
import time
import urllib.request

LOCAL = {"127.0.0.1", "::1", "localhost"}


def compose_ps():
    out = subprocess.run(["docker", "compose", "ps", "--format", "json"], capture_output=True, text=True, check=True).stdout
    out = out.strip()
    if out.startswith("["):
        return json.loads(out)
    return [json.loads(l) for l in out.splitlines() if l.strip()]


def health_paths():
    cfg = json.loads(subprocess.run(["docker", "compose", "config", "--format", "json"], capture_output=True, text=True, check=True).stdout)
    paths = {}
    for name, svc in cfg.get("services", {}).items():
        label = (svc.get("labels") or {}).get("x-health-path")
        test = " ".join((svc.get("healthcheck") or {}).get("test", []) or [])
        if label:
            paths[name] = label
        elif "http://" in test:
            paths[name] = "/" + test.split("http://", 1)[1].split("/", 1)[-1].split()[0]
    return paths


def tcp(host, port):
    assert host in LOCAL, "only localhost is checked"
    t = time.perf_counter()
    try:
        with socket.create_connection((host, port), timeout=2):
            return True, (time.perf_counter() - t) * 1000
    except OSError:
        return False, None


def http(host, port, path):
    assert host in LOCAL
    try:
        with urllib.request.urlopen(f"http://{host}:{port}{path}", timeout=3) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code
    except Exception:
        return None


def main():
    paths = health_paths()
    print(f"{'service':<12}{'port':<7}{'tcp':<6}{'http':<16}latency")
    for c in compose_ps():
        pubs = [p for p in c.get("Publishers") or [] if p.get("PublishedPort")]
        if not pubs:
            print(f"{c['Service']:<12}{'-':<7}{'-':<6}{'-':<16}(no published port)")
            continue
        port = pubs[0]["PublishedPort"]
        ok, ms = tcp("127.0.0.1", port)
        h = "-"
        if ok and c["Service"] in paths:
            st = http("127.0.0.1", port, paths[c["Service"]])
            h = f"{st} {paths[c['Service']]}"
        print(f"{c['Service']:<12}{port:<7}{'ok' if ok else 'FAIL':<6}{h:<16}{f'{ms:.0f}ms' if ms else '-'}")


if __name__ == "__main__":
    main()
