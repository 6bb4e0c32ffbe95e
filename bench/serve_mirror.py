"""Serve a folder as a static HTTP mirror with strong ETags and If-None-Match → 304.

    python bench/serve_mirror.py DIR [PORT]

(What a CDN or any static web server does; python's http.server has no ETags.)
"""

from __future__ import annotations

import hashlib
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path


def serve(root: Path, port: int = 0) -> ThreadingHTTPServer:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def do_GET(self):  # noqa: N802
            path = self.path.split("?", 1)[0]
            target = root / path.lstrip("/")
            if ".." in path or not target.is_file():
                self.send_response(404)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            body = target.read_bytes()
            etag = '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
            if self.headers.get("If-None-Match") == etag:
                self.send_response(304)
                self.send_header("ETag", etag)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            self.send_response(200)
            self.send_header("ETag", etag)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    httpd = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    httpd.daemon_threads = True
    return httpd


if __name__ == "__main__":
    httpd = serve(Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 8765)
    print(f"http://127.0.0.1:{httpd.server_address[1]}", flush=True)
    httpd.serve_forever()
