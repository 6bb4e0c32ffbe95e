#!/usr/bin/env python3
"""Loopback-only mock of the EC2 instance metadata service for tests."""
import argparse
import datetime as dt
import json
import random
import secrets
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ROLE = "mock-role"
TOKENS = {}


def creds(expire_in):
    now = dt.datetime.now(dt.timezone.utc)
    return {
        "Code": "Success",
        "LastUpdated": now.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "Type": "AWS-HMAC",
        "AccessKeyId": "ASIAMOCKEXAMPLE00001",
        "SecretAccessKey": "mock/secret/NOT-A-REAL-KEY/0000000000000",
        "Token": "MOCK-SESSION-TOKEN-" + "0" * 40,
        "Expiration": (now + dt.timedelta(seconds=expire_in)).strftime("%Y-%m-%dT%H:%M:%SZ"),
    }


class Handler(BaseHTTPRequestHandler):
    opts = None

    def _send(self, code, body, ctype="text/plain"):
        data = body.encode() if isinstance(body, str) else body
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_PUT(self):
        if self.path != "/latest/api/token":
            return self._send(404, "not found")
        ttl = int(self.headers.get("X-aws-ec2-metadata-token-ttl-seconds", "0"))
        if not 1 <= ttl <= 21600:
            return self._send(400, "bad ttl")
        tok = secrets.token_urlsafe(32)
        TOKENS[tok] = dt.datetime.now().timestamp() + ttl
        self._send(200, tok)

    def do_GET(self):
        o = self.opts
        if random.random() < o.fail_rate:
            return self._send(500, "injected failure")
        tok = self.headers.get("X-aws-ec2-metadata-token")
        if o.v2_only and (not tok or TOKENS.get(tok, 0) < dt.datetime.now().timestamp()):
            return self._send(401, "unauthorized")
        routes = {
            "/latest/meta-data/instance-id": ("i-0mock0000000000000", "text/plain"),
            "/latest/meta-data/placement/region": (o.region, "text/plain"),
            "/latest/meta-data/iam/security-credentials/": (ROLE, "text/plain"),
            f"/latest/meta-data/iam/security-credentials/{ROLE}": (json.dumps(creds(o.expire_in)), "application/json"),
            "/latest/dynamic/instance-identity/document": (json.dumps({
                "accountId": "000000000000", "instanceId": "i-0mock0000000000000",
                "region": o.region, "instanceType": "t3.micro"}), "application/json"),
        }
        if self.path in routes:
            return self._send(200, *routes[self.path])
        self._send(404, "not found")

    def log_message(self, fmt, *args):
        pass


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=1338)
    ap.add_argument("--region", default="eu-central-1")
    ap.add_argument("--v2-only", action="store_true")
    ap.add_argument("--expire-in", type=int, default=900)
    ap.add_argument("--fail-rate", type=float, default=0.0)
    a = ap.parse_args()
    if a.host not in ("127.0.0.1", "::1", "localhost"):
        raise SystemExit("refusing to bind to a non-loopback address")
    Handler.opts = a
    print(f"IMDS mock on http://{a.host}:{a.port} (v2-only={a.v2_only})")
    ThreadingHTTPServer((a.host, a.port), Handler).serve_forever()


if __name__ == "__main__":
    main()
