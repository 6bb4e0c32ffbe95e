#!/usr/bin/env python3
"""Sync .env.example keys with .env without copying any secret values."""
import difflib
import re
import sys
from pathlib import Path

LINE = re.compile(r"^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=(.*)$")
SECRETISH = re.compile(r"(SECRET|TOKEN|KEY|PASSWORD|PASS|PRIVATE|CREDENTIALS?)$", re.I)


def parse(path):
    """Return [(key, comment_lines)] in file order; values are deliberately dropped."""
    entries, comments = [], []
    if not path.exists():
        return entries
    for raw in path.read_text(encoding="utf-8").splitlines():
        if raw.strip().startswith("#"):
            comments.append(raw.rstrip())
        elif m := LINE.match(raw):
            entries.append((m.group(1), comments))
            comments = []
        else:
            comments = []
    return entries


def existing_values(path):
    values = {}
    if path.exists():
        for raw in path.read_text(encoding="utf-8").splitlines():
            if m := LINE.match(raw):
                values[m.group(1)] = m.group(2).strip()
    return values


def placeholder(key):
    if SECRETISH.search(key):
        return "changeme"
    if key.endswith("_URL"):
        return "http://localhost:8000"
    if key.endswith("_PORT") or key == "PORT":
        return "8000"
    return ""


def render(env_path, example_path):
    old = existing_values(example_path)
    out = []
    for key, comments in parse(env_path):
        out += comments
        out.append(f"{key}={old.get(key, placeholder(key))}")
    return "\n".join(out) + "\n"


def main(argv):
    env, example = Path(".env"), Path(".env.example")
    if not env.exists():
        sys.exit("no .env in the current directory")
    new = render(env, example)
    current = example.read_text(encoding="utf-8") if example.exists() else ""
    if new == current:
        print(".env.example is up to date")
        return 0
    diff = difflib.unified_diff(current.splitlines(), new.splitlines(), ".env.example", ".env.example (new)", lineterm="")
    print("\n".join(diff))
    if "--check" in argv:
        return 1
    if "--write" not in argv and input("write these changes? [y/N] ").strip().lower() != "y":
        print("not written")
        return 0
    example.write_text(new, encoding="utf-8")
    print("updated .env.example")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
