#!/usr/bin/env python3
"""Static Dockerfile / compose linter. Reads files only."""
import re
import sys

SEV = {"high": 0, "medium": 1, "low": 2}
RULES = [
    ("DL-PIPE-SH", "high", re.compile(r"(curl|wget)[^|\n]*\|\s*(sudo\s+)?(ba|z)?sh\b"), "remote script piped into a shell"),
    ("DL-PRIV", "high", re.compile(r"privileged:\s*true|--privileged"), "privileged container"),
    ("DL-SOCK", "high", re.compile(r"/var/run/docker\.sock"), "Docker socket mounted"),
    ("DL-HOSTROOT", "high", re.compile(r"^\s*-\s*['\"]?/:/"), "host root filesystem mounted"),
    ("DL-SECRET", "high", re.compile(r"(?i)^\s*(ENV|ARG)\s+\w*(SECRET|TOKEN|PASSWORD|API_KEY)\w*\s*=|COPY\s+\.env\b"), "secret baked into image"),
    ("DL-CHMOD", "medium", re.compile(r"chmod\s+(-R\s+)?777"), "world-writable permissions"),
    ("DL-LATEST", "medium", re.compile(r"^\s*FROM\s+[^\s:@]+(:latest)?(\s|$)", re.I), "unpinned base image"),
    ("DL-ADD-URL", "medium", re.compile(r"^\s*ADD\s+https?://", re.I), "ADD from URL without checksum"),
]


def lint(path):
    findings = []
    text = open(path, encoding="utf-8").read()
    lines = text.splitlines()
    for n, line in enumerate(lines, 1):
        for rid, sev, rx, msg in RULES:
            if rx.search(line):
                findings.append((SEV[sev], path, n, rid, msg))
    if "dockerfile" in path.lower():
        stages = [i for i, l in enumerate(lines) if re.match(r"\s*FROM\s", l, re.I)]
        last = stages[-1] if stages else 0
        if not any(re.match(r"\s*USER\s+(?!root\b|0\b)", l, re.I) for l in lines[last:]):
            findings.append((1, path, last + 1, "DL-ROOT", "final stage runs as root"))
        if "HEALTHCHECK" not in text.upper() and re.search(r"EXPOSE", text, re.I):
            findings.append((2, path, len(lines), "DL-HEALTH", "no HEALTHCHECK for a service image"))
    return findings


def main(paths):
    allf = sorted(f for p in paths for f in lint(p))
    for _, p, n, rid, msg in allf:
        print(f"{p}:{n}  {rid:<12} {msg}")
    return 1 if allf else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or ["Dockerfile"]))
