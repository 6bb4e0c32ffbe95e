#!/usr/bin/env python3
"""Create .env.example from local .env files with all values replaced by placeholders."""
import re
import subprocess
import sys
from pathlib import Path

SOURCES = [".env", ".env.local", ".env.development"]
LINE_RE = re.compile(r"^\s*(export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=")


def placeholder(name):
    n = name.upper()
    if n.endswith("_URL") or n.endswith("_URI"):
        return "https://example.com"
    if n.endswith("_PORT"):
        return "3000"
    if any(s in n for s in ("KEY", "SECRET", "TOKEN", "PASSWORD")):
        return "changeme"
    return ""


def collect(root):
    keys, out = set(), []
    for name in SOURCES:
        p = root / name
        if not p.exists():
            continue
        for line in p.read_text(encoding="utf-8", errors="ignore").splitlines():
            if line.strip().startswith("#") or not line.strip():
                if line.strip() and line not in out:
                    out.append(line)
                continue
            m = LINE_RE.match(line)
            if m and m.group(2) not in keys:
                keys.add(m.group(2))
                out.append(f"{m.group(2)}={placeholder(m.group(2))}")
    return keys, out


def main():
    root = Path.cwd()
    keys, lines = collect(root)
    if not keys:
        sys.exit("no .env files with variables found")
    target = root / ".env.example"
    if "--check" in sys.argv:
        have = {LINE_RE.match(l).group(2) for l in target.read_text().splitlines() if LINE_RE.match(l)} if target.exists() else set()
        missing = sorted(keys - have)
        for k in missing:
            print(f"missing in .env.example: {k}")
        return 1 if missing else 0
    target.write_text("\n".join(lines) + "\n")
    print(f"wrote {target} with {len(keys)} variables (values replaced)")
    ignored = subprocess.run(["git", "check-ignore", "-q", ".env"], cwd=root).returncode == 0
    if not ignored:
        print("warning: .env is not git-ignored - add it to .gitignore")
    return 0


if __name__ == "__main__":
    sys.exit(main())
