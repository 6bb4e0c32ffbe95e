#!/usr/bin/env python3
"""Audit project-level agent permission settings and propose tighter ones."""
import json
import re
import subprocess
import sys
from pathlib import Path

RECOMMENDED_DENY = ["Read(./.env)", "Read(./.env.*)", "Read(~/.ssh/**)", "Read(~/.aws/**)", "Bash(curl:*)", "Bash(wget:*)"]


def repo_root():
    try:
        return Path(subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True,
                                   text=True, check=True).stdout.strip())
    except Exception:
        return Path.cwd()


def audit_claude(path, findings):
    try:
        cfg = json.loads(path.read_text())
    except (OSError, ValueError) as e:
        findings.append((str(path), "cannot parse: " + str(e)))
        return None
    perms = cfg.get("permissions", {})
    for rule in perms.get("allow", []):
        if re.fullmatch(r"Bash\(\*?\)|Bash\(\*\)|Bash", rule):
            findings.append((str(path), f"allow rule {rule!r} permits any shell command"))
        elif rule.endswith("(*)") or rule.endswith("(**)"):
            findings.append((str(path), f"allow rule {rule!r} is a wildcard"))
    if perms.get("defaultMode") == "bypassPermissions":
        findings.append((str(path), "defaultMode is bypassPermissions"))
    missing = [d for d in RECOMMENDED_DENY if d not in perms.get("deny", [])]
    if missing:
        findings.append((str(path), "missing deny rules: " + ", ".join(missing)))
    return cfg


def propose(cfg):
    perms = dict(cfg.get("permissions", {}))
    perms["allow"] = [r for r in perms.get("allow", []) if not re.fullmatch(r"Bash(\(\*?\))?|.*\(\*\*?\)", r)]
    perms["deny"] = sorted(set(perms.get("deny", [])) | set(RECOMMENDED_DENY))
    if perms.get("defaultMode") == "bypassPermissions":
        perms["defaultMode"] = "default"
    out = dict(cfg)
    out["permissions"] = perms
    return out


def main(argv):
    root = repo_root()
    findings = []
    for name in (".claude/settings.json", ".claude/settings.local.json"):
        p = root / name
        if not p.exists():
            continue
        cfg = audit_claude(p, findings)
        if cfg is not None and "--propose" in argv:
            dst = p.with_name(p.stem + ".proposed.json")
            dst.write_text(json.dumps(propose(cfg), indent=2) + "\n")
            print(f"proposal written to {dst} (original unchanged)")
    codex = root / ".codex" / "config.toml"
    if codex.exists():
        t = codex.read_text()
        if re.search(r'^\s*approval_policy\s*=\s*"never"', t, re.M):
            findings.append((str(codex), 'approval_policy = "never"'))
        if re.search(r'^\s*sandbox_mode\s*=\s*"danger-full-access"', t, re.M):
            findings.append((str(codex), 'sandbox_mode = "danger-full-access"'))
    for f, msg in findings:
        print(f"{f}: {msg}")
    if not findings:
        print("no findings")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
