#!/usr/bin/env python3
"""Parallel health checks for a local dev stack."""
import argparse
import base64
import concurrent.futures as cf
import http.client
import socket
import time
import urllib.parse

import yaml


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


def http_check(c, timeout):
    u = urllib.parse.urlsplit(c["url"])
    method = c.get("method", "GET")
    body = base64.b64decode(c["body_b64"]) if c.get("body_b64") else None
    headers = {"content-type": "application/json"} if body else {}
    if u.scheme == "http+unix":
        conn = UnixHTTPConnection(urllib.parse.unquote(u.netloc), timeout)
    elif u.scheme == "https":
        conn = http.client.HTTPSConnection(u.hostname, u.port or 443, timeout=timeout)
    else:
        conn = http.client.HTTPConnection(u.hostname, u.port or 80, timeout=timeout)
    path = u.path + ("?" + u.query if u.query else "")
    conn.request(method, path or "/", body=body, headers=headers)
    r = conn.getresponse()
    r.read()
    expect = c.get("expect", 200)
    expect = expect if isinstance(expect, list) else [expect]
    return r.status in expect, f"{r.status} {u.path or '/'}"


def tcp_check(c, timeout):
    with socket.create_connection((c["host"], c["port"]), timeout=timeout):
        return True, f"tcp {c['port']} open"


def redis_check(c, timeout):
    with socket.create_connection((c["host"], c["port"]), timeout=timeout) as s:
        s.sendall(b"PING\r\n")
        resp = s.recv(64).decode(errors="replace").strip()
        return resp == "+PONG", resp


KINDS = {"http": http_check, "tcp": tcp_check, "redis": redis_check}


def run(c, timeout):
    t0 = time.perf_counter()
    try:
        ok, detail = KINDS[c["type"]](c, timeout)
    except Exception as e:  # noqa: BLE001
        return c["name"], False, None, str(e)[:60]
    return c["name"], ok, (time.perf_counter() - t0) * 1000, detail


def board(cfg):
    timeout = cfg.get("timeout", 2)
    with cf.ThreadPoolExecutor(max_workers=8) as ex:
        results = list(ex.map(lambda c: run(c, timeout), cfg["checks"]))
    print(f"{'SERVICE':16} {'STATUS':6} {'LATENCY':>8}  DETAIL")
    for name, ok, ms, detail in results:
        lat = f"{ms:.0f} ms" if ms is not None else "-"
        print(f"{name:16} {'OK' if ok else 'DOWN':6} {lat:>8}  {detail}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="config/checks.yaml")
    ap.add_argument("--watch", type=float, default=0)
    a = ap.parse_args()
    cfg = yaml.safe_load(open(a.config))
    while True:
        board(cfg)
        if not a.watch:
            break
        time.sleep(a.watch)
        print()


if __name__ == "__main__":
    main()
