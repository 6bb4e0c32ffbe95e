#!/usr/bin/env python3
"""Read-only audit of local coding-agent configuration. No network, no writes."""
import argparse
import json
import re
from pathlib import Path

HOME = Path.home()
RISKY_HOOK = re.compile(r"curl[^|]*\|\s*(?:ba)?sh|wget\s|\beval\b|base64\s+-d|iex\b|Invoke-Expression", re.I)


def load(p: Path):
    try:
        return json.loads(p.read_text())
    except (OSError, ValueError):
        return None


def audit_claude(path: Path, data: dict, out: list):
    perms = data.get("permissions") or {}
    if perms.get("defaultMode") == "bypassPermissions":
        out.append(("high", path, "defaultMode is bypassPermissions (no prompts at all)"))
    if data.get("skipDangerousModePermissionPrompt"):
        out.append(("high", path, "skipDangerousModePermissionPrompt is true"))
    for rule in perms.get("allow", []) or []:
        if rule in ("Bash", "Bash(*)", "Bash(:*)"):
            out.append(("high", path, f"allow rule '{rule}' permits any shell command"))
        elif rule in ("WebFetch", "WebFetch(*)"):
            out.append(("low", path, f"allow rule '{rule}' permits fetching any URL"))
        elif rule in ("Write(*)", "Edit(*)", "Write", "Edit"):
            out.append(("medium", path, f"allow rule '{rule}' permits writing any file"))
    if data.get("enableAllProjectMcpServers"):
        out.append(("medium", path, "enableAllProjectMcpServers is true"))
    for event, entries in (data.get("hooks") or {}).items():
        for entry in entries or []:
            for h in entry.get("hooks", []) or []:
                cmd = h.get("command", "")
                if RISKY_HOOK.search(cmd):
                    out.append(("high", path, f"{event} hook runs risky command: {cmd[:80]}"))
    for name in (data.get("env") or {}):
        if re.search(r"KEY|TOKEN|SECRET|PASSWORD", name, re.I):
            out.append(("low", path, f"env sets {name} in plain config (value not shown)"))


def audit_mcp(path: Path, data: dict, out: list):
    for name, srv in (data.get("mcpServers") or {}).items():
        args = [str(a) for a in srv.get("args", [])]
        cmd = srv.get("command", "")
        if cmd == "npx":
            pkg = next((a for a in args if not a.startswith("-")), "")
            if pkg.endswith("@latest") or "@" not in pkg.lstrip("@"):
                out.append(("medium", path, f"MCP server '{name}' runs unpinned package '{pkg}'"))
        if srv.get("autoApprove") or srv.get("alwaysAllow"):
            out.append(("medium", path, f"MCP server '{name}' has auto-approved tools"))
        for k in (srv.get("env") or {}):
            out.append(("low", path, f"MCP server '{name}' env var {k} (value not shown)"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--project", default=".")
    a = ap.parse_args()
    proj = Path(a.project).resolve()
    targets = [
        (HOME / ".claude" / "settings.json", audit_claude),
        (proj / ".claude" / "settings.json", audit_claude),
        (proj / ".claude" / "settings.local.json", audit_claude),
        (proj / ".mcp.json", audit_mcp),
        (HOME / ".cursor" / "mcp.json", audit_mcp),
    ]
    out = []
    for path, fn in targets:
        data = load(path)
        if isinstance(data, dict):
            fn(path, data, out)
    if not out:
        print("No risky settings found in the files checked.")
        return
    order = {"high": 0, "medium": 1, "low": 2}
    for sev, path, msg in sorted(out, key=lambda x: order[x[0]]):
        print(f"[{sev:<6}] {str(path).replace(str(HOME), '~')}: {msg}")


if __name__ == "__main__":
    main()
