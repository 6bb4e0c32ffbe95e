"""Which store for the token-count cache? Append-only lines vs sqlite3 (WAL) vs atomic rewrite.

    python bench/token_cache.py [--entries 7000] [--batch 5] [--writers 4]

For each store, with N entries (sha256 hex → count):
  write      one process adds N entries in batches of --batch (as the index builder does, skill by skill)
  concurrent --writers processes add N/writers entries each at the same time; "kept" = entries found after
  import     a fresh process imports what the store needs (skillpm.tokens, or sqlite3)
  open+1     then opens the store and looks up one known key (what `skillpm cost` pays per run)
  per lookup mean cost of one lookup once open, over all N keys
Prints a table; every number is a median over --repeat runs, measured on this machine.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def keys(n: int, salt: str = "") -> list[str]:
    return [hashlib.sha256(f"{salt}{i}".encode()).hexdigest() for i in range(n)]


# ---------------------------------------------------------------- the three stores


class AppendStore:
    """skillpm.tokens.CountCache: what skillpm uses."""

    def __init__(self, path: Path):
        from skillpm.tokens import CountCache

        self.c = CountCache(path)

    def add(self, items: dict[str, int]) -> None:
        self.c.add_many(items)

    def get(self, key: str):
        return self.c.get_many([key])[0]


class SqliteStore:
    def __init__(self, path: Path):
        import sqlite3

        self.db = sqlite3.connect(path, timeout=30, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("CREATE TABLE IF NOT EXISTS counts (key TEXT PRIMARY KEY, n INTEGER) WITHOUT ROWID")

    def add(self, items: dict[str, int]) -> None:
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            self.db.executemany("INSERT OR REPLACE INTO counts VALUES (?, ?)", items.items())

    def get(self, key: str):
        row = self.db.execute("SELECT n FROM counts WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None


class RewriteStore:
    """Whole file rewritten (temp + fsync + rename) on every batch; read whole on open."""

    def __init__(self, path: Path):
        self.path = path
        try:
            self.d = dict(line.split() for line in path.read_text().splitlines())
        except FileNotFoundError:
            self.d = {}

    def add(self, items: dict[str, int]) -> None:
        from skillpm.fsutil import atomic_write_text

        # re-read first so that another writer's entries are not dropped (still racy between read and rename)
        try:
            self.d.update(dict(line.split() for line in self.path.read_text().splitlines()))
        except FileNotFoundError:
            pass
        self.d.update({k: str(v) for k, v in items.items()})
        atomic_write_text(self.path, "".join(f"{k} {v}\n" for k, v in self.d.items()))

    def get(self, key: str):
        v = self.d.get(key)
        return int(v) if v is not None else None


STORES = {"append (skillpm)": (AppendStore, "counts"), "sqlite3 WAL": (SqliteStore, "db"),
          "atomic rewrite": (RewriteStore, "txt")}


def fill(kind: str, path: Path, ks: list[str], batch: int) -> None:
    cls = STORES[kind][0]
    store = cls(path)
    for i in range(0, len(ks), batch):
        store.add({k: len(k) + j for j, k in enumerate(ks[i:i + batch])})


def child(argv: list[str]) -> None:
    """Run in a fresh process: `fill` or `open1`."""
    mode, kind, path = argv[0], argv[1], Path(argv[2])
    if mode == "fill":
        fill(kind, path, keys(int(argv[3]), argv[5]), int(argv[4]))
    elif mode == "open1":
        t = time.perf_counter()
        if kind.startswith("sqlite"):
            import sqlite3  # noqa: F401
        else:
            import skillpm.fsutil  # noqa: F401
            import skillpm.tokens  # noqa: F401
        imported = time.perf_counter() - t
        t = time.perf_counter()
        store = STORES[kind][0](path)
        value = store.get(argv[3])
        dt = time.perf_counter() - t
        assert value is not None
        print(imported, dt)


def run_child(*args: str) -> str:
    return subprocess.run([sys.executable, __file__, "--child", *args], check=True, capture_output=True,
                          text=True, timeout=600).stdout


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--entries", type=int, default=7000)
    ap.add_argument("--batch", type=int, default=5)
    ap.add_argument("--writers", type=int, default=4)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--child", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    if args.child:
        child(args.child)
        return
    n = args.entries
    load_before = os.getloadavg()[0]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for kind, (cls, ext) in STORES.items():
            write_t, conc_t, kept, imp_t, open_t, look_t = [], [], [], [], [], []
            for r in range(args.repeat):
                path = Path(tmp) / f"{r}-{ext.replace(' ', '')}-{abs(hash(kind))}.{ext}"
                ks = keys(n, f"{kind}{r}")
                t = time.perf_counter()
                fill(kind, path, ks, args.batch)
                write_t.append(time.perf_counter() - t)
                imported, opened = map(float, run_child("open1", kind, str(path), ks[n // 2]).split())
                imp_t.append(imported)
                open_t.append(opened)
                store = cls(path)
                store.get(ks[0])
                t = time.perf_counter()
                for k in ks:
                    store.get(k)
                look_t.append((time.perf_counter() - t) / n)
                # concurrent writers into a fresh store
                cpath = path.with_suffix(f".conc.{ext}")
                per = n // args.writers
                t = time.perf_counter()
                procs = [subprocess.Popen([sys.executable, __file__, "--child", "fill", kind, str(cpath), str(per),
                                           str(args.batch), f"w{w}-{r}"]) for w in range(args.writers)]
                for p in procs:
                    p.wait(timeout=600)
                conc_t.append(time.perf_counter() - t)
                check = cls(cpath)
                kept.append(sum(check.get(k) is not None for w in range(args.writers) for k in keys(per, f"w{w}-{r}")))
            rows.append((kind, statistics.median(write_t), statistics.median(conc_t), min(kept),
                         args.writers * (n // args.writers), statistics.median(imp_t), statistics.median(open_t),
                         statistics.median(look_t)))
    print(f"{n} entries, batches of {args.batch}, {args.writers} concurrent writers, median of {args.repeat} "
          f"(load average before: {load_before:.1f})")
    print(f"{'store':<18} {'write':>9} {'concurrent':>11} {'kept':>11} {'import':>9} {'open+1':>9} {'per lookup':>11}")
    for kind, w, c, k, total, i, o, lk in rows:
        print(f"{kind:<18} {w * 1000:>7.0f}ms {c * 1000:>9.0f}ms {k:>5}/{total:<5} {i * 1000:>7.2f}ms {o * 1000:>7.2f}ms"
              f" {lk * 1e6:>9.2f}µs")


if __name__ == "__main__":
    main()
