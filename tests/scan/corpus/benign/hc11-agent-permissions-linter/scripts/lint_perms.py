#!/usr/bin/env python3
"""Read-only linter for project-level agent permission files."""
import json
import subprocess
import tomllib
from pathlib import Path

root = Path(subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True).stdout.strip() or ".")
findings = []


def add(rule, sev, where, msg):
    findings.append((sev, rule, where, msg))


for name in (".claude/settings.json", ".claude/settings.local.json", ".gemini/settings.json"):
    p = root / name
    if not p.exists():
        continue
    data = json.loads(p.read_text())
    perms = data.get("permissions", {})
    allow, deny = perms.get("allow", []), perms.get("deny", [])
    for r in allow:
        if r in ("Bash", "Bash(*)", "Bash(*:*)"):
            add("A001", "high", name, f"allow rule {r!r} permits any shell command")
        if r in ("WebFetch", "WebFetch(*)"):
            add("A004", "medium", name, "WebFetch allowed for every domain")
        if r.startswith("Bash(git push") and ":" not in r.replace("Bash(git push", ""):
            add("A006", "low", name, f"{r!r} allows pushing to any branch")
    if perms.get("defaultMode") == "bypassPermissions":
        add("A002", "high", name, "defaultMode bypassPermissions is committed")
    if not any(".env" in d for d in deny):
        add("A005", "medium", name, "no deny rule for .env files")
    if name.endswith("local.json"):
        tracked = subprocess.run(["git", "-C", str(root), "ls-files", "--error-unmatch", name], capture_output=True)
        if tracked.returncode == 0:
            add("A007", "info", name, "local settings file is tracked by git")

codex = root / ".codex" / "config.toml"
if codex.exists():
    c = tomllib.loads(codex.read_text())
    if c.get("approval_policy") == "never" and c.get("sandbox_mode") == "danger-full-access":
        add("A003", "high", ".codex/config.toml", "no approvals and no sandbox")

order = {"high": 0, "medium": 1, "low": 2, "info": 3}
for sev, rule, where, msg in sorted(findings, key=lambda f: order[f[0]]):
    print(f"{sev:6} {rule} {where}: {msg}")
if not findings:
    print("no findings")
