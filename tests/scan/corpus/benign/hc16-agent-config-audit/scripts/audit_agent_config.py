#!/usr/bin/env python3
"""Read-only audit of coding-agent permission settings."""
import json
import re
import sys
from pathlib import Path

HOME = Path.home()
CLAUDE_FILES = [HOME / ".claude/settings.json", Path(".claude/settings.json"), Path(".claude/settings.local.json")]
CODEX_FILE = HOME / ".codex/config.toml"

RISKY_ALLOW = {
    "Bash(*)": "allows any shell command; list specific commands, e.g. Bash(npm test:*)",
    "Bash": "allows any shell command; list specific commands",
    "WebFetch(*)": "allows fetching any URL; restrict with WebFetch(domain:docs.example.com)",
    "Edit(~/**)": "allows editing anything in your home directory; scope to the project",
    "Read(~/**)": "allows reading secrets in your home directory; scope to the project",
}


def audit_claude(path):
    try:
        data = json.loads(path.read_text())
    except FileNotFoundError:
        return []
    except json.JSONDecodeError as e:
        return [f"{path}: invalid JSON ({e})"]
    perms = data.get("permissions", {})
    out = []
    for rule in perms.get("allow", []):
        if rule in RISKY_ALLOW:
            out.append(f"{path}: allow '{rule}' - {RISKY_ALLOW[rule]}")
    if perms.get("defaultMode") == "bypassPermissions":
        out.append(f"{path}: defaultMode=bypassPermissions disables all prompts; prefer 'acceptEdits' or 'default'")
    if not perms.get("deny"):
        out.append(f"{path}: no deny rules; consider denying Read(./.env) and Read(~/.ssh/**)")
    return out


def audit_codex(path):
    if not path.exists():
        return []
    text = path.read_text()
    out = []
    if re.search(r'(?m)^approval_policy\s*=\s*"never"', text):
        out.append(f"{path}: approval_policy=never - commands run without asking; prefer 'on-request'")
    if re.search(r'(?m)^sandbox_mode\s*=\s*"danger-full-access"', text):
        out.append(f"{path}: sandbox_mode=danger-full-access - prefer 'workspace-write'")
    return out


def main():
    findings = [f for p in CLAUDE_FILES for f in audit_claude(p)] + audit_codex(CODEX_FILE)
    if not findings:
        print("No risky settings found.")
        return 0
    print("\n".join(findings))
    return 1


if __name__ == "__main__":
    sys.exit(main())
