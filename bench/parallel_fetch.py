"""Parallel downloads through skillpm's one HTTP pool, against a local server with latency.

A real HTTP/1.1 server on 127.0.0.1 adds a fixed latency (default 50 ms) to every
request and serves 50 skill archives (.tar.gz) from 10 "repositories", or 50
small sparse-index entry files. Each run starts with a fresh pool (like one CLI
invocation). Timed, median of --runs:

- single:      each file fetched alone; the slowest one is the yardstick
- serial:      all files one after another through the pool
- fetch_many:  all files through ``skillpm.http.fetch_many`` (threads over the one client),
               for several pool sizes
- async:       the same with ``httpx.AsyncClient`` + asyncio.gather (the alternative we measured)
- fetch+unpack: ``archive.fetch_skill`` for every archive in a thread pool (download and unpack)

Target: fetch_many total <= 2x the slowest single fetch.

    PYTHONPATH=. python bench/parallel_fetch.py [--latency-ms 50] [--runs 7] [--kind archives|index]
"""

from __future__ import annotations

import argparse
import gzip
import io
import os
import statistics
import sys
import tarfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from skillpm import archive, http


def make_archive(repo: int, skill: int, size: int) -> bytes:
    """A GitHub-shaped archive: one top folder, a few skills, some other files."""
    buf = io.BytesIO()
    top = f"repo{repo}-{repo:040x}"
    rng = __import__("random").Random(repo * 100 + skill)
    with gzip.GzipFile(fileobj=buf, mode="wb", mtime=0) as gz, tarfile.open(fileobj=gz, mode="w|") as tar:
        def add(name: str, data: bytes, mode: int = 0o644) -> None:
            info = tarfile.TarInfo(f"{top}/{name}")
            info.size, info.mode = len(data), mode
            tar.addfile(info, io.BytesIO(data))

        add("README.md", b"# repo\n")
        for s in range(3):
            name = f"skill-{repo}-{skill}-{s}"
            add(f"skills/{name}/SKILL.md", f"---\nname: {name}\ndescription: Bench skill.\n---\n# Use\n".encode())
            words = " ".join(rng.choice(["alpha", "beta", "gamma", "delta", "omega"]) for _ in range(size // 6))
            add(f"skills/{name}/refs/guide.md", words.encode())
            add(f"skills/{name}/scripts/run.sh", b"#!/bin/sh\necho hi\n", 0o755)
    return buf.getvalue()


def make_entry(i: int) -> bytes:
    lines = [f'id = "owner{i % 10}/repo{i % 10}/skill-{i}"', 'description = "A skill."', ""]
    for v in range(20):
        lines += ["[[versions]]", f'commit = "{v:040x}"', f'h1 = "h1:{"A" * 43}="', "tokens = 1234", 'grade = "B"', ""]
    return "\n".join(lines).encode()


class Server:
    def __init__(self, files: dict[str, bytes], latency: float):
        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True  # else Nagle + delayed ACK add ~40 ms per response

            def log_message(self, *a):
                pass

            def do_GET(self):
                time.sleep(latency)
                body = files.get(self.path)
                if body is None:
                    self.send_response(404)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("ETag", f'"{hash(body) & 0xffffffff:x}"')
                self.end_headers()
                self.wfile.write(body)

        class S(ThreadingHTTPServer):
            daemon_threads = True
            request_queue_size = 128

        self.httpd = S(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()


def timed(fn) -> float:
    """Seconds ``fn`` takes with a fresh, empty pool (new connections are part of the cost;
    building the client — mostly loading CA certificates — is not, it happens once per process)."""
    http.close()
    http.client()
    t0 = time.perf_counter()
    out = fn()
    elapsed = time.perf_counter() - t0
    return out if isinstance(out, float) else elapsed


def run_async(urls: list[str], limit: int) -> float:
    import asyncio

    import httpx

    async def main():
        limits = httpx.Limits(max_connections=limit, max_keepalive_connections=limit)
        async with httpx.AsyncClient(limits=limits, timeout=httpx.Timeout(30.0, connect=10.0),
                                     headers={"User-Agent": http.user_agent()}) as c:
            async def one(u):
                r = await c.get(u)
                r.raise_for_status()
                return r.content

            t0 = time.perf_counter()
            out = await asyncio.gather(*(one(u) for u in urls))
            assert len(out) == len(urls)
            return time.perf_counter() - t0

    return asyncio.run(main())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--latency-ms", type=float, default=50.0)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--kind", choices=["archives", "index"], default="archives")
    ap.add_argument("--size", type=int, default=20_000, help="approx bytes of text per skill in an archive")
    args = ap.parse_args()
    latency = args.latency_ms / 1000

    files: dict[str, bytes] = {}
    subpaths: dict[str, str] = {}
    for i in range(50):
        repo, skill = i % 10, i // 10
        if args.kind == "archives":
            path = f"/owner{repo}/repo{repo}/archive/{skill:040x}.tar.gz"
            files[path] = make_archive(repo, skill, args.size)
            subpaths[path] = f"skills/skill-{repo}-{skill}-0"
        else:
            path = f"/index/{i % 16:02x}/skill-{i}.toml"
            files[path] = make_entry(i)
    server = Server(files, latency)
    urls = [server.base + p for p in files]
    cap = 64 << 20

    rows: list[tuple[str, list[float]]] = []

    def measure(label: str, fn) -> None:
        fn()  # warm-up (imports, first-connection effects)
        rows.append((label, [timed(fn) for _ in range(args.runs)]))

    http.get(urls[0], max_bytes=cap)  # warm-up: imports and client creation are not part of a fetch
    singles: list[float] = []
    typical: list[float] = []
    for _ in range(args.runs):
        per = [timed(lambda u=u: http.get(u, max_bytes=cap)) for u in urls]
        singles.append(max(per))
        typical.append(statistics.median(per))
    rows.append(("single (slowest of 50, alone)", singles))
    rows.append(("single (median of 50, alone)", typical))
    measure("serial, one pool", lambda: [http.get(u, max_bytes=cap) for u in urls])
    original = http.MAX_CONNECTIONS
    for n in (8, 16, 32, 50):
        http.MAX_CONNECTIONS = n
        measure(f"fetch_many, pool of {n}", lambda: http.fetch_many(urls, max_bytes=cap))
    http.MAX_CONNECTIONS = original
    measure(f"fetch_many, default pool ({original})", lambda: http.fetch_many(urls, max_bytes=cap))
    measure(f"httpx async, {original} connections", lambda: run_async(urls, original))
    if args.kind == "archives":
        from concurrent.futures import ThreadPoolExecutor

        def unpack_all():
            with ThreadPoolExecutor(original) as pool:
                trees = list(pool.map(lambda u: archive.fetch_skill(u, subpaths[u[len(server.base):]]), urls))
            assert all("SKILL.md" in t.files for t in trees)

        measure(f"fetch_skill (download+unpack), {original} threads", unpack_all)

    http.close()
    t0 = time.perf_counter()
    http.client()
    client_ms = (time.perf_counter() - t0) * 1000
    total_bytes = sum(len(b) for b in files.values())
    kind = "skill archives" if args.kind == "archives" else "sparse-index entry files"
    print(f"{len(urls)} {kind} from 10 repositories, {total_bytes / 1024:.0f} KiB in all, "
          f"{args.latency_ms:g} ms server latency per request, median of {args.runs} runs, fresh pool each run")
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}; "
          f"building the client once per process: {client_ms:.0f} ms (not in the rows)")
    yard = statistics.median(singles)
    print(f"{'case':<44} {'median ms':>10} {'min ms':>8} {'x slowest single':>17}")
    for label, times in rows:
        med = statistics.median(times)
        print(f"{label:<44} {med * 1000:>10.1f} {min(times) * 1000:>8.1f} {med / yard:>17.2f}")


if __name__ == "__main__":
    main()
