#!/usr/bin/env python3
"""Search local shell history for commands matching all given terms, redacting secrets."""
import argparse
import re
import time
from pathlib import Path

HOME = Path.home()
FILES = [HOME / ".zsh_history", HOME / ".bash_history", HOME / ".local/share/fish/fish_history"]
ZSH_EXT = re.compile(r"^: (\d+):\d+;(.*)$")
FISH_CMD = re.compile(r"^- cmd: (.*)$")
FISH_WHEN = re.compile(r"^\s+when: (\d+)$")
REDACT = [
    (re.compile(r"(--password[= ]|-p ?)(\S+)"), r"\1****"),
    (re.compile(r"(?i)((?:token|secret|passwd|password|api_key)=)(\S+)"), r"\1****"),
    (re.compile(r"(?i)(Authorization:\s*\w+\s+)(\S+)"), r"\1****"),
    (re.compile(r"(://[^\s:/@]+:)([^\s@]+)(@)"), r"\1****\3"),
]


def redact(cmd):
    for rx, repl in REDACT:
        cmd = rx.sub(repl, cmd)
    return cmd


def entries():
    for f in FILES:
        if not f.exists():
            continue
        text = f.read_text(errors="ignore")
        if f.name == "fish_history":
            cmd = None
            for line in text.splitlines():
                m = FISH_CMD.match(line)
                if m:
                    cmd = m.group(1)
                    continue
                w = FISH_WHEN.match(line)
                if w and cmd:
                    yield int(w.group(1)), cmd
                    cmd = None
        else:
            for line in text.splitlines():
                m = ZSH_EXT.match(line)
                yield (int(m.group(1)), m.group(2)) if m else (0, line)


def parse_since(s):
    if not s:
        return 0
    n, unit = int(s[:-1]), s[-1]
    return time.time() - n * {"d": 86400, "h": 3600, "w": 604800}[unit]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("terms", nargs="+")
    ap.add_argument("--since")
    ap.add_argument("--limit", type=int, default=15)
    args = ap.parse_args()
    cutoff = parse_since(args.since)
    seen, hits = set(), []
    for ts, cmd in entries():
        if ts and ts < cutoff:
            continue
        low = cmd.lower()
        if all(t.lower() in low for t in args.terms) and cmd not in seen:
            seen.add(cmd)
            hits.append((ts, cmd))
    hits.sort(key=lambda h: h[0], reverse=True)
    for ts, cmd in hits[: args.limit]:
        when = time.strftime("%Y-%m-%d", time.localtime(ts)) if ts else "----------"
        print(f"{when}  {redact(cmd)}")


if __name__ == "__main__":
    main()
