"""Cold load of o200k_base: tiktoken's own get_encoding vs skillpm's fast load, and count throughput.

    python bench/tokenizer_load.py [--runs 7] [--tiktoken-file PATH]

Every load is measured in a fresh process (median of --runs), from before `import` to the first
encoded text, inside the child (interpreter start-up excluded; the "process" column includes it):
  tiktoken get_encoding  tiktoken's own load: read file, sha256, base64-parse 200k lines, build CoreBPE
  skillpm first load     skillpm with an empty cache: same parse, then writes its marshal ranks cache
  skillpm fast load      skillpm with the ranks cache: unmarshal, rebuild the dict, build CoreBPE
  skillpm cache hit      count_tokens of a text counted before: no tokenizer at all
Then the fast load phase by phase, then, in one process with the encoder loaded, count throughput over this repository's text files.
Needs the o200k_base file: --tiktoken-file, or ../shared/data beside the checkout, or $TIKTOKEN_CACHE_DIR.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
URL = "https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken"
CACHE_NAME = hashlib.sha1(URL.encode()).hexdigest()

CHILD = {
    "tiktoken": "import tiktoken\nenc = tiktoken.get_encoding('o200k_base')\nn = len(enc.encode_ordinary('warm up'))",
    "skillpm": "from skillpm import tokens\nn = len(tokens.encoder().encode_ordinary('warm up'))",
    "prime": "from skillpm import tokens\nn = tokens.count_tokens('a text counted before')",
    "hit": "from skillpm import tokens\nn = tokens.count_tokens('a text counted before')\n"
           "assert 'tiktoken' not in __import__('sys').modules",
}


def find_source(arg: str | None) -> Path:
    cands = [Path(arg)] if arg else []
    cands.append(ROOT.parent / "shared" / "data" / "o200k_base.tiktoken")
    if os.environ.get("TIKTOKEN_CACHE_DIR"):
        cands.append(Path(os.environ["TIKTOKEN_CACHE_DIR"]) / CACHE_NAME)
    for c in cands:
        if c.is_file():
            return c
    sys.exit("o200k_base.tiktoken not found: pass --tiktoken-file")


PHASES = """
import time
t0 = time.perf_counter()
import tiktoken
t1 = time.perf_counter()
from skillpm import tokens
t2 = time.perf_counter()
blob = tokens._ranks_path().read_bytes()
ranks = tokens._load_ranks(blob)
t3 = time.perf_counter()
enc = tiktoken.Encoding("o200k_base", pat_str=tokens.O200K_PAT_STR, mergeable_ranks=ranks,
                        special_tokens={"<|endoftext|>": 199999, "<|endofprompt|>": 200018})
t4 = time.perf_counter()
small = tiktoken.Encoding("x", pat_str=tokens.O200K_PAT_STR, mergeable_ranks={bytes([i]): i for i in range(256)},
                          special_tokens={})
t5 = time.perf_counter()
print(t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4)
"""


def phases(env: dict, runs: int) -> None:
    """Where the fast load's time goes (fresh process each, median)."""
    cols = [[], [], [], [], []]
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", PHASES], env=env, cwd=ROOT, capture_output=True, text=True,
                             check=True, timeout=300).stdout.split()
        for col, value in zip(cols, out):
            col.append(float(value))
    names = ["import tiktoken", "import skillpm.tokens", "read + unmarshal ranks, rebuild dict",
             "tiktoken.Encoding(): CoreBPE with 200k ranks", "(same with 256 ranks: regex compile only)"]
    print(f"\nfast load, phase by phase (median of {runs}):")
    for name, col in zip(names, cols):
        print(f"  {name:<46}{statistics.median(col) * 1000:>6.0f}ms")


def run_child(kind: str, env: dict) -> tuple[float, float]:
    code = f"import time\nt = time.perf_counter()\n{CHILD[kind]}\nprint(time.perf_counter() - t)"
    t = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True,
                         check=True, timeout=300).stdout
    return float(out), time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--tiktoken-file")
    args = ap.parse_args()
    source = find_source(args.tiktoken_file)
    with tempfile.TemporaryDirectory() as tmp:
        tk = Path(tmp) / "tiktoken"
        tk.mkdir()
        shutil.copyfile(source, tk / CACHE_NAME)
        env = {**os.environ, "TIKTOKEN_CACHE_DIR": str(tk), "PYTHONPATH": str(ROOT)}
        rows = []

        def measure(label: str, kind: str, fresh_cache: bool) -> None:
            inner, wall = [], []
            for i in range(args.runs):
                cache = Path(tmp) / f"cache-{label}-{i}" if fresh_cache else Path(tmp) / "cache-shared"
                a, b = run_child(kind, {**env, "SKILLPM_CACHE_DIR": str(cache)})
                inner.append(a)
                wall.append(b)
            rows.append((label, statistics.median(inner), min(inner), max(inner), statistics.median(wall)))

        measure("tiktoken get_encoding", "tiktoken", True)
        measure("skillpm first load", "skillpm", True)
        run_child("skillpm", {**env, "SKILLPM_CACHE_DIR": str(Path(tmp) / "cache-shared")})  # write the ranks cache
        measure("skillpm fast load", "skillpm", False)
        run_child("prime", {**env, "SKILLPM_CACHE_DIR": str(Path(tmp) / "cache-shared")})  # count it once
        measure("skillpm cache hit", "hit", False)

        print(f"cold load of o200k_base, fresh process each, {args.runs} runs "
              f"(Python {sys.version.split()[0]}, tiktoken {tiktoken_version(env)}, "
              f"load average before: {os.getloadavg()[0]:.1f})")
        print(f"{'':<24}{'median':>9}{'min':>9}{'max':>9}{'process':>10}")
        for label, med, lo, hi, wall in rows:
            print(f"{label:<24}{med * 1000:>7.0f}ms{lo * 1000:>7.0f}ms{hi * 1000:>7.0f}ms{wall * 1000:>8.0f}ms")
        phases({**env, "SKILLPM_CACHE_DIR": str(Path(tmp) / "cache-shared")}, args.runs)
        throughput(env, tmp)


def tiktoken_version(env: dict) -> str:
    return subprocess.run([sys.executable, "-c", "import tiktoken; print(tiktoken.__version__)"], env=env,
                          capture_output=True, text=True, timeout=60).stdout.strip()


def throughput(env: dict, tmp: str) -> None:
    os.environ.update({"TIKTOKEN_CACHE_DIR": env["TIKTOKEN_CACHE_DIR"],
                       "SKILLPM_CACHE_DIR": str(Path(tmp) / "cache-throughput")})
    sys.path.insert(0, str(ROOT))
    from skillpm import tokens

    texts = [p.read_text(encoding="utf-8") for p in sorted(ROOT.rglob("*"))
             if p.suffix in {".py", ".md", ".toml"} and ".git" not in p.parts and p.is_file()]
    size = sum(len(t.encode()) for t in texts)
    enc = tokens.encoder()
    t = time.perf_counter()
    n = sum(len(enc.encode_ordinary(x)) for x in texts)
    one = time.perf_counter() - t
    t = time.perf_counter()
    tokens.count_texts(texts)
    miss = time.perf_counter() - t
    tokens._CACHES.clear()  # a fresh process: find() in the shards
    t = time.perf_counter()
    tokens.count_texts(texts[:50])
    hit_few = time.perf_counter() - t
    t = time.perf_counter()
    tokens.count_texts(texts)
    hit = time.perf_counter() - t
    print(f"\ncount throughput: {len(texts)} files of this repository, {size / 1e6:.2f} MB, {n:,} tokens")
    print(f"  encode_ordinary, one by one          {size / one / 1e6:6.2f} MB/s  {n / one / 1e6:5.2f} M tokens/s")
    print(f"  count_texts, none cached (batched)   {size / miss / 1e6:6.2f} MB/s  (hash + encode + append to cache)")
    print(f"  count_texts, 50 cached, fresh cache  {hit_few * 1000:6.2f} ms  ({hit_few / 50 * 1e6:.0f} µs per text: find())")
    print(f"  count_texts, all cached              {size / hit / 1e6:6.2f} MB/s  (sha256 + lookup)")


if __name__ == "__main__":
    main()
