#!/usr/bin/env python3
"""Local IMDSv2 imitation for tests. Binds to loopback only; serves fake data."""
import argparse
import datetime
import json
import secrets
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ROLE = "mock-app-role"
TOKENS = set()


def fake_creds():
    exp = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(hours=1)
    return {
        "Code": "Success",
        "Type": "AWS-HMAC",
        "AccessKeyId": "ASIAMOCKMOCKMOCKMOCK",
        "SecretAccessKey": "mock/secret/not/real/" + "0" * 20,
        "Token": "mock-session-token",
        "Expiration": exp.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "LastUpdated": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
    }


PATHS = {
    "/latest/meta-data/instance-id": lambda: "i-0123456789abcdef0",
    "/latest/meta-data/placement/region": lambda: "eu-west-1",
    "/latest/meta-data/iam/security-credentials/": lambda: ROLE,
    f"/latest/meta-data/iam/security-credentials/{ROLE}": lambda: json.dumps(fake_creds()),
}


class Handler(BaseHTTPRequestHandler):
    def _send(self, code, body):
        data = body.encode()
        self.send_response(code)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_PUT(self):
        if self.path == "/latest/api/token":
            tok = secrets.token_urlsafe(24)
            TOKENS.add(tok)
            return self._send(200, tok)
        self._send(404, "not found")

    def do_GET(self):
        if self.headers.get("X-aws-ec2-metadata-token") not in TOKENS:
            return self._send(401, "")
        fn = PATHS.get(self.path)
        self._send(200, fn()) if fn else self._send(404, "not found")

    def log_message(self, fmt, *args):
        pass


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=1338)
    a = ap.parse_args()
    srv = ThreadingHTTPServer(("127.0.0.1", a.port), Handler)
    print(f"IMDS mock on http://127.0.0.1:{a.port}")
    srv.serve_forever()


if __name__ == "__main__":
    main()
