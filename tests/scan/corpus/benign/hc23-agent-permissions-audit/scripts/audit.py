#!/usr/bin/env python3
"""Read-only audit of AI agent configuration files. Prints findings; modifies nothing."""
import argparse
import json
import re
from pathlib import Path

PROJECT = [".claude/settings.json", ".claude/settings.local.json", ".mcp.json", ".cursor/mcp.json",
           ".vscode/settings.json", ".vscode/tasks.json"]
USER = ["~/.claude/settings.json", "~/.cursor/mcp.json", "~/.codeium/windsurf/mcp_config.json"]
NET = re.compile(r"\b(curl|wget|nc|ncat|Invoke-WebRequest|iwr|irm)\b")
PINNED = re.compile(r"@\d+\.\d+\.\d+$")
SEV = {"high": 0, "medium": 1, "low": 2}


def load(path):
    try:
        text = path.read_text()
    except OSError:
        return None
    text = re.sub(r"^\s*//.*$", "", text, flags=re.M)  # tolerate JSONC line comments
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return {"__invalid__": True}


def check_claude(cfg, f, out):
    perms = cfg.get("permissions", {}) or {}
    if perms.get("defaultMode") == "bypassPermissions":
        out.append(("high", f, "bypass-mode", "defaultMode=bypassPermissions (no prompts at all)"))
    for rule in perms.get("allow", []) or []:
        if rule in ("Bash", "Bash(*)", "Bash(:*)"):
            out.append(("high", f, "wildcard-bash", f"allow contains {rule}"))
    if cfg.get("enableAllProjectMcpServers"):
        out.append(("medium", f, "auto-mcp", "enableAllProjectMcpServers=true"))
    for event, entries in (cfg.get("hooks") or {}).items():
        for entry in entries or []:
            for h in entry.get("hooks", []) or []:
                cmd = h.get("command", "")
                if NET.search(cmd):
                    out.append(("high", f, "net-hook", f"{event} hook runs: {cmd[:100]}"))
    if cfg.get("env"):
        out.append(("low", f, "env-keys", "env sets: " + ", ".join(sorted(cfg["env"]))))


def check_mcp(cfg, f, out):
    for name, srv in (cfg.get("mcpServers") or {}).items():
        args = srv.get("args", []) or []
        if srv.get("command") == "npx":
            pkgs = [a for a in args if not a.startswith("-")][:1]
            if pkgs and (not PINNED.search(pkgs[0]) or pkgs[0].endswith("@latest")):
                out.append(("medium", f, "unpinned-npx", f"{name}: {pkgs[0]}"))
        for key in ("autoApprove", "alwaysAllow"):
            if "*" in (srv.get(key) or []):
                out.append(("high", f, "auto-mcp", f"{name}: {key} includes '*'"))


def check_vscode(cfg, f, out):
    if cfg.get("security.workspace.trust.enabled") is False:
        out.append(("high", f, "trust-off", "workspace trust disabled"))
    for t in cfg.get("tasks", []) or []:
        if (t.get("runOptions") or {}).get("runOn") == "folderOpen":
            out.append(("high", f, "auto-task", f"task '{t.get('label')}' runs on folder open: {t.get('command')} {' '.join(t.get('args', []))[:80]}"))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", action="store_true", help="also inspect user-level files")
    a = ap.parse_args()
    files = [Path(p) for p in PROJECT] + ([Path(p).expanduser() for p in USER] if a.user else [])
    out = []
    for f in files:
        cfg = load(f)
        if cfg is None:
            continue
        if cfg.get("__invalid__"):
            out.append(("low", f, "invalid-json", "could not parse"))
            continue
        check_claude(cfg, f, out)
        check_mcp(cfg, f, out)
        check_vscode(cfg, f, out)
    if not out:
        print("no risky settings found in inspected files")
        return
    for sev, f, fid, detail in sorted(out, key=lambda x: (SEV[x[0]], str(x[1]))):
        print(f"[{sev:6}] {fid:14} {f}: {detail}")


if __name__ == "__main__":
    main()
