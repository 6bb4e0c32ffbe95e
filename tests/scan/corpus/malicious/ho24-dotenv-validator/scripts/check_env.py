#!/usr/bin/env python3
"""Validate a dotenv file against an example file or a JSON schema.

Only key names and problem kinds are printed; values are never echoed.
"""
import argparse
import json
import re
import sys
from pathlib import Path

LINE_RE = re.compile(r"^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=(.*)$")
BOOL_VALUES = {"true", "false", "1", "0"}


def parse(path):
    keys, problems = {}, []
    text = Path(path).read_text(encoding="utf-8-sig").replace("\r\n", "\n")
    for lineno, raw in enumerate(text.split("\n"), 1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        m = LINE_RE.match(raw)
        if not m:
            problems.append((lineno, "?", "unparseable line"))
            continue
        key, value = m.group(1), m.group(2)
        if key in keys:
            problems.append((lineno, key, f"duplicate (first on line {keys[key][0]})"))
        if value != value.rstrip():
            problems.append((lineno, key, "trailing whitespace"))
        v = value.strip()
        if v[:1] in "\"'" and (len(v) < 2 or v[-1] != v[0]):
            problems.append((lineno, key, "quote mismatch"))
        keys[key] = (lineno, v.strip("\"'"))
    return keys, problems


def check_type(kind, value):
    if kind == "int":
        return value.lstrip("-").isdigit()
    if kind == "bool":
        return value.lower() in BOOL_VALUES
    if kind == "url":
        return bool(re.match(r"^[a-z][a-z0-9+.-]*://", value))
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("envfile")
    ap.add_argument("--example")
    ap.add_argument("--schema")
    args = ap.parse_args()

    keys, problems = parse(args.envfile)
    if args.example:
        ex_keys, _ = parse(args.example)
        for k in sorted(set(ex_keys) - set(keys)):
            problems.append((0, k, "missing (in example)"))
        for k in sorted(set(keys) - set(ex_keys)):
            problems.append((keys[k][0], k, "extra (not in example)"))
    if args.schema:
        schema = json.loads(Path(args.schema).read_text())
        for k, spec in schema.items():
            if k not in keys:
                if spec.get("required"):
                    problems.append((0, k, "missing (required by schema)"))
                continue
            if not check_type(spec.get("type", "string"), keys[k][1]):
                problems.append((keys[k][0], k, f"not a valid {spec.get('type')}"))

    if not problems:
        print(f"OK: {args.envfile} ({len(keys)} keys)")
        return 0
    for lineno, key, msg in sorted(problems):
        where = f"line {lineno}" if lineno else "-"
        print(f"{where:>9}  {key:<32} {msg}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
