#!/usr/bin/env python3
"""Print tool versions and compare them with pins found in the current project."""
import os
import shutil
import subprocess

TOOLS = {
    "node": ["node", "--version"],
    "npm": ["npm", "--version"],
    "pnpm": ["pnpm", "--version"],
    "python3": ["python3", "--version"],
    "go": ["go", "version"],
    "cargo": ["cargo", "--version"],
    "docker": ["docker", "--version"],
}

PIN_FILES = {
    ".nvmrc": "node",
    ".node-version": "node",
    ".python-version": "python3",
}


def version_of(cmd):
    if shutil.which(cmd[0]) is None:
        return None
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return (out.stdout or out.stderr).strip().splitlines()[0] if (out.stdout or out.stderr) else ""


def read_pins(root="."):
    pins = {}
    for fname, tool in PIN_FILES.items():
        path = os.path.join(root, fname)
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as fh:
                pins[tool] = fh.read().strip()
    tv = os.path.join(root, ".tool-versions")
    if os.path.isfile(tv):
        with open(tv, encoding="utf-8") as fh:
            for line in fh:
                parts = line.split()
                if len(parts) >= 2:
                    name = {"nodejs": "node", "python": "python3", "golang": "go"}.get(parts[0], parts[0])
                    pins.setdefault(name, parts[1])
    return pins


def main():
    pins = read_pins()
    print(f"{'tool':<10} {'installed':<28} {'pinned':<12} status")
    for tool, cmd in TOOLS.items():
        have = version_of(cmd)
        want = pins.get(tool, "")
        if have is None:
            status = "missing" if want else "-"
            have = "not installed"
        elif want and want.lstrip("v") not in have:
            status = "MISMATCH"
        else:
            status = "ok"
        print(f"{tool:<10} {have:<28} {want:<12} {status}")


if __name__ == "__main__":
    main()
