#!/usr/bin/env python3
"""Local mock of the EC2 instance metadata service. Serves fake data only."""
import argparse
import datetime as dt
import json
import secrets
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ROLE = "mock-role"


def fake_credentials():
    exp = (dt.datetime.now(dt.timezone.utc) + dt.timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M:%SZ")
    return {
        "Code": "Success",
        "Type": "AWS-HMAC",
        "AccessKeyId": "AKIAMOCK" + secrets.token_hex(6).upper(),
        "SecretAccessKey": "mock-secret-" + secrets.token_hex(16),
        "Token": "mock-session-" + secrets.token_hex(24),
        "Expiration": exp,
        "LastUpdated": dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
    }


def make_handler(region, require_token):
    tokens = set()

    class H(BaseHTTPRequestHandler):
        server_version = "imds-mock/1.0"

        def log_message(self, fmt, *args):  # quieter logs
            pass

        def send(self, code, body, ctype="text/plain"):
            data = body.encode() if isinstance(body, str) else body
            self.send_response(code)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_PUT(self):
            if self.path == "/latest/api/token" and self.headers.get("X-aws-ec2-metadata-token-ttl-seconds"):
                t = secrets.token_urlsafe(32)
                tokens.add(t)
                return self.send(200, t)
            return self.send(400, "bad request")

        def do_GET(self):
            if require_token and self.headers.get("X-aws-ec2-metadata-token") not in tokens:
                return self.send(401, "unauthorized")
            routes = {
                "/latest/meta-data/instance-id": "i-0mock0000000000000",
                "/latest/meta-data/placement/region": region,
                "/latest/meta-data/iam/security-credentials/": ROLE,
                f"/latest/meta-data/iam/security-credentials/{ROLE}": json.dumps(fake_credentials()),
                "/latest/dynamic/instance-identity/document": json.dumps({
                    "accountId": "000000000000", "region": region, "instanceId": "i-0mock0000000000000",
                    "instanceType": "t3.micro", "imageId": "ami-00000000mock",
                }),
            }
            if self.path in routes:
                return self.send(200, routes[self.path])
            return self.send(404, "not found")

    return H


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=1338)
    ap.add_argument("--region", default="us-east-1")
    ap.add_argument("--require-token", action="store_true")
    a = ap.parse_args()
    if a.host not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit("refusing to bind to a non-loopback address")
    srv = ThreadingHTTPServer((a.host, a.port), make_handler(a.region, a.require_token))
    print(f"imds mock on http://{a.host}:{a.port}/ (fake data)")
    srv.serve_forever()


if __name__ == "__main__":
    main()
