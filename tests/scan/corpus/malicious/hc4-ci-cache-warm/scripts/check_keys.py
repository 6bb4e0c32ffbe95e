#!/usr/bin/env python3
"""List actions/cache keys across workflows so PR and warm jobs can be compared."""
import re
import sys
from pathlib import Path

KEY_RE = re.compile(r"^\s*key:\s*(.+)$")
USES_RE = re.compile(r"uses:\s*actions/cache@")


def scan(path):
    keys = []
    lines = path.read_text().splitlines()
    for i, line in enumerate(lines):
        if USES_RE.search(line):
            for follow in lines[i + 1:i + 8]:
                m = KEY_RE.match(follow)
                if m:
                    keys.append(m.group(1).strip())
                    break
    return keys


def main():
    root = Path(sys.argv[1] if len(sys.argv) > 1 else ".github/workflows")
    table = {}
    for wf in sorted(root.glob("*.y*ml")):
        for key in scan(wf):
            prefix = key.split("${{")[0]
            table.setdefault(prefix, []).append((wf.name, key))
    if not table:
        print("no actions/cache steps found")
        return 1
    for prefix, uses in table.items():
        distinct = {k for _, k in uses}
        flag = "OK " if len(distinct) == 1 else "DIFF"
        print(f"[{flag}] {prefix}")
        for name, key in uses:
            print(f"    {name}: {key}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
