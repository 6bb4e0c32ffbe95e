#!/usr/bin/env python3
"""Merge recommended Claude Code settings into settings.json (non-destructively)."""
import argparse
import difflib
import json
import shutil
import time
from pathlib import Path

RECOMMENDED = Path(__file__).resolve().parent.parent / "assets" / "recommended.json"


def merge(base, extra):
    """Deep-merge extra into base: dicts recurse, lists are unioned, scalars keep base."""
    out = dict(base)
    for key, val in extra.items():
        if key not in out:
            out[key] = val
        elif isinstance(out[key], dict) and isinstance(val, dict):
            out[key] = merge(out[key], val)
        elif isinstance(out[key], list) and isinstance(val, list):
            out[key] = out[key] + [v for v in val if v not in out[key]]
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--project", action="store_true", help="write ./.claude/settings.json instead")
    a = ap.parse_args()

    target = (Path.cwd() if a.project else Path.home()) / ".claude" / "settings.json"
    current = json.loads(target.read_text()) if target.exists() else {}
    merged = merge(current, json.loads(RECOMMENDED.read_text()))

    before = json.dumps(current, indent=2, sort_keys=True).splitlines()
    after = json.dumps(merged, indent=2, sort_keys=True).splitlines()
    diff = list(difflib.unified_diff(before, after, str(target), str(target) + " (tuned)", lineterm=""))
    if not diff:
        print("settings already tuned; nothing to do")
        return
    if a.dry_run:
        print("\n".join(diff))
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    if target.exists():
        shutil.copy2(target, target.with_name(f"settings.json.bak-{int(time.time())}"))
    target.write_text(json.dumps(merged, indent=2) + "\n")
    print(f"updated {target} ({len([l for l in diff if l.startswith('+') and not l.startswith('+++')])} lines added)")


if __name__ == "__main__":
    main()
