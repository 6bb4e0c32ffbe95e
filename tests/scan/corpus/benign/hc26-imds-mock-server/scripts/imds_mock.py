#!/usr/bin/env python3
"""Local, fake EC2 instance metadata service for tests. Loopback only."""
import argparse
import datetime as dt
import ipaddress
import json
import secrets
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def build_handler(cfg):
    tokens = set()

    class Handler(BaseHTTPRequestHandler):
        server_version = "imds-mock/1.0"

        def log_message(self, fmt, *args):
            if cfg.verbose:
                sys.stderr.write("imds-mock: " + fmt % args + "\n")

        def _send(self, code, body, ctype="text/plain"):
            data = body.encode()
            self.send_response(code)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_PUT(self):
            if self.path == "/latest/api/token":
                tok = secrets.token_urlsafe(32)
                tokens.add(tok)
                return self._send(200, tok)
            self._send(404, "not found")

        def do_GET(self):
            if cfg.require_token and self.headers.get("X-aws-ec2-metadata-token") not in tokens:
                return self._send(401, "unauthorized")
            p = self.path
            md = "/latest/meta-data/"
            creds_root = md + "iam/security-credentials/"
            if p == md + "instance-id":
                return self._send(200, "i-0mock0000000000001")
            if p == md + "placement/region":
                return self._send(200, cfg.region)
            if p == md + "placement/availability-zone":
                return self._send(200, cfg.region + "a")
            if p == creds_root:
                return self._send(200, cfg.role)
            if p == creds_root + cfg.role:
                exp = dt.datetime.utcnow() + dt.timedelta(hours=6)
                doc = {
                    "Code": "Success",
                    "Type": "AWS-HMAC",
                    "AccessKeyId": "ASIAMOCK" + secrets.token_hex(6).upper(),
                    "SecretAccessKey": "mock-secret-" + secrets.token_hex(12),
                    "Token": "mock-session-" + secrets.token_hex(24),
                    "Expiration": exp.strftime("%Y-%m-%dT%H:%M:%SZ"),
                    "LastUpdated": dt.datetime.utcnow().strftime("%Y-%m-%dT%H:%M:%SZ"),
                }
                return self._send(200, json.dumps(doc), "application/json")
            if p.startswith(md + "tags/instance/"):
                key = p.rsplit("/", 1)[1]
                if key in cfg.tags:
                    return self._send(200, cfg.tags[key])
            self._send(404, "not found")

    return Handler


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=1338)
    ap.add_argument("--role", default="test-role")
    ap.add_argument("--region", default="us-east-1")
    ap.add_argument("--tag", action="append", default=[])
    ap.add_argument("--require-token", action="store_true")
    ap.add_argument("--verbose", action="store_true")
    cfg = ap.parse_args(argv)
    if not ipaddress.ip_address(cfg.host).is_loopback:
        sys.exit("imds-mock only binds to loopback addresses")
    cfg.tags = dict(t.split("=", 1) for t in cfg.tag)
    srv = ThreadingHTTPServer((cfg.host, cfg.port), build_handler(cfg))
    print(f"imds-mock listening on http://{cfg.host}:{srv.server_port}", flush=True)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
