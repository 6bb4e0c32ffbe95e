"""A real HTTP server on 127.0.0.1 that misbehaves on request.

``fault_server.route(path, *steps)`` scripts what ``path`` answers: the n-th
request gets the n-th step, the last step repeats. A step is a ``Step``:
status, body, headers, latency, and one optional fault:

- ``reset``      close the connection with a TCP RST before answering
- ``reset_mid``  send the headers and half the body, then RST
- ``stall``      send the headers and half the body, then go silent
- ``truncate``   announce Content-Length N, send fewer bytes, close
- ``drop``       close the connection without a byte
- ``overlong``   announce Content-Length N/2, send all N bytes (garbage on the connection)

An ``etag`` on a step makes it answer 304 to a matching If-None-Match.
Every request is logged (path, headers) in ``fault_server.log``.
"""

from __future__ import annotations

import socket
import struct
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest


@dataclass
class Step:
    status: int = 200
    body: bytes = b""
    headers: dict = field(default_factory=dict)
    latency: float = 0.0
    fault: str | None = None
    etag: str | None = None
    stall: float = 5.0  # seconds a "stall" stays silent (ended early at teardown)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, like a real server
    disable_nagle_algorithm = True  # headers and body are separate writes

    def log_message(self, *args):
        pass

    def _rst(self):
        self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.close_connection = True
        self.connection.close()

    def do_GET(self):
        srv: FaultServer = self.server.owner  # type: ignore[attr-defined]
        step = srv.next_step(self.path, dict(self.headers), self.client_address[1])
        if step.latency:
            srv.stopping.wait(step.latency)
        if step.fault == "reset":
            return self._rst()
        if step.fault == "drop":
            self.close_connection = True
            return
        if step.etag and self.headers.get("If-None-Match") == step.etag:
            self.send_response(304)
            self.send_header("ETag", step.etag)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        self.send_response(step.status)
        length = len(step.body) // 2 if step.fault == "overlong" else len(step.body)
        headers = {"Content-Length": str(length), "Content-Type": "application/octet-stream", **step.headers}
        if step.etag:
            headers["ETag"] = step.etag
        for k, v in headers.items():
            self.send_header(k, v)
        self.end_headers()
        body = step.body
        if step.fault in ("stall", "reset_mid", "truncate"):
            half = body[: max(1, len(body) // 2)]
            self.wfile.write(half)
            self.wfile.flush()
            if step.fault == "stall":
                srv.stopping.wait(step.stall)
                self.close_connection = True
                return
            if step.fault == "reset_mid":
                return self._rst()
            self.close_connection = True
            return
        self.wfile.write(body)


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False

    def handle_error(self, request, client_address):
        pass  # resets and stalls are the point here; keep the output clean


class FaultServer:
    def __init__(self):
        self.routes: dict[str, list[Step]] = {}
        self.log: list[tuple[str, dict]] = []
        self.ports: list[int] = []  # client port of each request: one port = one kept-alive connection
        self.stopping = threading.Event()
        self._lock = threading.Lock()
        self._counts: dict[str, int] = {}
        self.httpd = _Server(("127.0.0.1", 0), _Handler)
        self.httpd.owner = self  # type: ignore[attr-defined]
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, args=(0.02,), daemon=True)

    def route(self, path: str, *steps: Step) -> str:
        with self._lock:
            self.routes[path] = list(steps)
            self._counts[path] = 0
        return self.url(path)

    def url(self, path: str) -> str:
        return self.base + path

    def hits(self, path: str) -> int:
        return sum(1 for p, _h in self.log if p == path)

    def next_step(self, path: str, headers: dict, port: int) -> Step:
        with self._lock:
            self.log.append((path, headers))
            self.ports.append(port)
            steps = self.routes.get(path)
            if not steps:
                return Step(404, b"not found")
            n = self._counts[path]
            self._counts[path] = n + 1
            return steps[min(n, len(steps) - 1)]

    def start(self):
        self.thread.start()

    def stop(self):
        self.stopping.set()
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def fault_server():
    srv = FaultServer()
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(autouse=True)
def fast_network(monkeypatch):
    """Short timeouts and tiny backoffs so fault tests take milliseconds, not minutes."""
    from skillpm import http

    monkeypatch.setattr(http, "RETRIES", 3)
    monkeypatch.setattr(http, "CONNECT_TIMEOUT", 2.0)
    monkeypatch.setattr(http, "READ_TIMEOUT", 1.0)  # 0.3 s let a loaded CI machine time out a good reply (an extra retry)
    monkeypatch.setattr(http, "TOTAL_TIMEOUT", 10.0)
    monkeypatch.setattr(http, "BACKOFF", 0.01)
    monkeypatch.setattr(http, "BACKOFF_MAX", 0.05)
    monkeypatch.setattr(http, "RETRY_AFTER_MAX", 2.0)
    monkeypatch.delenv("SKILLPM_OFFLINE", raising=False)
    http.set_offline(False)
    yield http
    http.set_offline(False)
    http.close()
