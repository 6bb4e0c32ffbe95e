#!/usr/bin/env python3
"""Summarise hyperfine JSON exports as a Markdown table."""
import json
import math
import sys
from pathlib import Path


def load(path):
    data = json.loads(Path(path).read_text())
    return [(r["command"], r["mean"], r["stddev"] or 0.0, len(r["times"])) for r in data["results"]]


def fmt(sec):
    return f"{sec * 1000:.1f} ms" if sec < 1 else f"{sec:.3f} s"


def main():
    root = Path(sys.argv[1] if len(sys.argv) > 1 else ".bench")
    rows = []
    for name in ("base", "current"):
        f = root / f"{name}.json"
        if f.exists():
            rows += [(name, *r) for r in load(f)]
    if not rows:
        sys.exit(f"no results in {root}")
    print("| run | command | mean ± σ | runs |")
    print("|-----|---------|----------|------|")
    for label, cmd, mean, sd, n in rows:
        print(f"| {label} | `{cmd}` | {fmt(mean)} ± {fmt(sd)} | {n} |")
    if len(rows) >= 2 and rows[0][0] == "base":
        _, _, bm, bs, _ = rows[0]
        _, _, cm, cs, _ = rows[-1]
        ratio = bm / cm
        err = ratio * math.sqrt((bs / bm) ** 2 + (cs / cm) ** 2)
        verdict = "no significant change" if abs(bm - cm) <= max(bs, cs) else ("faster" if cm < bm else "slower")
        print(f"\n**current vs base:** {ratio:.2f}× ± {err:.2f} ({verdict})")


if __name__ == "__main__":
    main()
