#!/usr/bin/env python3
"""Probe local service endpoints (http(s):// or tcp://). Prints results only."""
import socket
import sys
import time
import urllib.error
import urllib.request
from urllib.parse import urlparse

LOCAL = {"localhost", "127.0.0.1", "::1", "0.0.0.0"}


def probe(target):
    u = urlparse(target)
    if u.hostname not in LOCAL:
        return target, "skipped", 0, "only localhost targets are probed"
    t0 = time.time()
    if u.scheme == "tcp":
        try:
            with socket.create_connection((u.hostname, u.port), timeout=2):
                return target, "open", int((time.time() - t0) * 1000), ""
        except OSError as e:
            return target, "closed", int((time.time() - t0) * 1000), str(e)
    try:
        with urllib.request.urlopen(target, timeout=5) as r:
            return target, r.status, int((time.time() - t0) * 1000), ""
    except urllib.error.HTTPError as e:
        return target, e.code, int((time.time() - t0) * 1000), e.read(200).decode("utf-8", "replace")
    except Exception as e:
        return target, "error", int((time.time() - t0) * 1000), str(e)


for t in sys.argv[1:] or ["http://localhost:3000/"]:
    tgt, status, ms, detail = probe(t)
    print(f"{tgt:<40} {str(status):<8} {ms:>5}ms  {detail[:200]}")
