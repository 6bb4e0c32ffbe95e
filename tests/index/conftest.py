"""Fixtures for the registry index: an index built from real local git upstreams, and a real
HTTP server on 127.0.0.1 that serves it as a sparse mirror with ETags (and faults on request)."""

from __future__ import annotations

import hashlib
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest


class MirrorServer:
    """Serves files under ``root``; ETag = sha256 of the bytes; If-None-Match → 304.

    ``faults[path]`` is a list of actions consumed one per request: an int status to answer
    with, or ("sleep", seconds) to stall before answering normally.
    """

    def __init__(self, root: Path):
        self.root = root
        self.log: list[tuple[str, int]] = []
        self.faults: dict[str, list] = {}
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):  # noqa: N802 - http.server API
                path = self.path.split("?", 1)[0]
                actions = server.faults.get(path)
                if actions:
                    act = actions.pop(0)
                    if isinstance(act, tuple) and act[0] == "sleep":
                        time.sleep(act[1])
                    else:
                        server.log.append((path, act))
                        self.send_response(act)
                        self.send_header("Content-Length", "0")
                        self.end_headers()
                        return
                target = server.root / path.lstrip("/")
                if not target.is_file() or ".." in path:
                    server.log.append((path, 404))
                    self.send_response(404)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                body = target.read_bytes()
                etag = '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
                if self.headers.get("If-None-Match") == etag:
                    server.log.append((path, 304))
                    self.send_response(304)
                    self.send_header("ETag", etag)
                    self.end_headers()
                    return
                server.log.append((path, 200))
                self.send_response(200)
                self.send_header("ETag", etag)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                try:
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def statuses(self, path: str) -> list[int]:
        return [s for p, s in self.log if p == path]

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def mirror(tmp_path):
    """A ``MirrorServer`` over ``tmp_path/www``."""
    root = tmp_path / "www"
    root.mkdir()
    srv = MirrorServer(root)
    yield srv
    srv.close()


@pytest.fixture
def fast_network(monkeypatch):
    """Short timeouts and backoff so retry tests take a second, not minutes."""
    from skillpm import http

    for name, value in {"RETRIES": 2, "BACKOFF": 0.01, "BACKOFF_MAX": 0.05, "READ_TIMEOUT": 0.5,
                        "CONNECT_TIMEOUT": 0.5, "TOTAL_TIMEOUT": 10.0}.items():
        monkeypatch.setattr(http, name, value)
    http.close()
    yield
    http.close()
