"""Latency of `info` through a sparse HTTP mirror and of `search` with the local database.

    python bench/index_latency.py INDEX_DIR [ID]

Starts bench/serve_mirror.py on INDEX_DIR in a separate process, runs `skillpm index update`
once (downloads catalog.tsv, builds the SQLite FTS5 database), then times, in-process and as
whole CLI invocations, `info ID` and `search QUERY`. Prints medians over 20 runs.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def median_ms(fn, runs: int = 20) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def median_cpu_ms(fn, runs: int = 20) -> float:
    """CPU time of this process: what the call costs when the machine is not shared."""
    times = []
    for _ in range(runs):
        t = time.process_time()
        fn()
        times.append((time.process_time() - t) * 1000)
    return statistics.median(times)


def main() -> None:
    index_dir = Path(sys.argv[1])
    cache = Path(tempfile.mkdtemp(prefix="skillpm-bench-cache-"))
    os.environ["SKILLPM_CACHE_DIR"] = str(cache)
    server = subprocess.Popen([sys.executable, str(HERE / "serve_mirror.py"), str(index_dir), "0"],
                              stdout=subprocess.PIPE, text=True)
    try:
        base = server.stdout.readline().strip()
        url = f"sparse+{base}"
        from skillpm.index.store import IndexDir
        from skillpm.ops import index_update, info, search

        sid = sys.argv[2] if len(sys.argv) > 2 else IndexDir(index_dir).catalog()[len(IndexDir(index_dir).catalog()) // 2][0]
        t = time.perf_counter()
        res = index_update.update(url)
        print(f"index update (catalog download + search database): {time.perf_counter() - t:.1f}s, "
              f"{res['entries']} entries")
        t = time.perf_counter()
        info.info(sid, url)
        print(f"info {sid}, first (cold entry): {(time.perf_counter() - t) * 1000:.1f} ms")
        for label, fn in ((f"info {sid} (ETag revalidated)", lambda: info.info(sid, url)),
                          ("search 'pdf'", lambda: search.search("pdf", url)),
                          ("search 'docker deploy'", lambda: search.search("docker deploy", url))):
            print(f"{label}, in-process median of 20: {median_ms(fn):.1f} ms wall, {median_cpu_ms(fn):.1f} ms CPU")
        print(f"load average during the run: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        env = dict(os.environ, PYTHONPATH=str(HERE.parent))
        for args in (["info", sid], ["search", "pdf"]):
            cmd = [sys.executable, "-m", "skillpm", *args, "--index", url]

            def run() -> None:
                subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, check=True)
            print(f"skillpm {' '.join(args)} (whole process, median of 5): {median_ms(run, 5):.0f} ms")
        print(f"python -c pass (interpreter start, median of 5): "
              f"{median_ms(lambda: subprocess.run([sys.executable, '-c', 'pass'], check=True), 5):.0f} ms")
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
