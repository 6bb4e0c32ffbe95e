#!/usr/bin/env python3
"""Loopback-only IMDSv2 mock with fake values. Never contacts the real metadata service.

pytest fixture example:
    @pytest.fixture(scope="session", autouse=True)
    def imds():
        p = subprocess.Popen([sys.executable, "scripts/imds_mock.py", "--port", "1338"])
        os.environ["AWS_EC2_METADATA_SERVICE_ENDPOINT"] = "http://127.0.0.1:1338"
        yield
        p.terminate()
"""
import argparse
import datetime
import http.server
import json
import secrets
import time

TOKENS: dict[str, float] = {}
ARGS = None


def fake_creds() -> dict:
    exp = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(hours=1)
    return {
        "Code": "Success",
        "Type": "AWS-HMAC",
        "AccessKeyId": "ASIAMOCKMOCKMOCKMOCK",
        "SecretAccessKey": "mock-secret-not-real",
        "Token": "mock-session-token-not-real",
        "Expiration": exp.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "LastUpdated": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
    }


class H(http.server.BaseHTTPRequestHandler):
    def _send(self, code, body, ctype="text/plain"):
        b = body.encode()
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(b)))
        self.end_headers()
        self.wfile.write(b)

    def do_PUT(self):
        if self.path != "/latest/api/token":
            return self._send(404, "not found")
        ttl = int(self.headers.get("X-aws-ec2-metadata-token-ttl-seconds", "0") or 0)
        if not 1 <= ttl <= 21600:
            return self._send(400, "bad ttl")
        tok = secrets.token_urlsafe(32)
        TOKENS[tok] = time.time() + ttl
        self._send(200, tok)

    def do_GET(self):
        tok = self.headers.get("X-aws-ec2-metadata-token", "")
        if TOKENS.get(tok, 0) < time.time():
            return self._send(401, "unauthorized")
        routes = {
            "/latest/meta-data/instance-id": lambda: ("i-0mock000000000000", "text/plain"),
            "/latest/meta-data/placement/region": lambda: (ARGS.region, "text/plain"),
            "/latest/meta-data/iam/security-credentials/": lambda: ("mock-role", "text/plain"),
            "/latest/meta-data/iam/security-credentials/mock-role": lambda: (json.dumps(fake_creds()), "application/json"),
        }
        r = routes.get(self.path)
        if not r:
            return self._send(404, "not found")
        body, ctype = r()
        self._send(200, body, ctype)

    def log_message(self, fmt, *a):
        pass


def main():
    global ARGS
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=1338)
    ap.add_argument("--region", default="eu-west-1")
    ARGS = ap.parse_args()
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", ARGS.port), H)
    print(f"IMDS mock on http://127.0.0.1:{ARGS.port} (fake credentials)", flush=True)
    srv.serve_forever()


if __name__ == "__main__":
    main()
