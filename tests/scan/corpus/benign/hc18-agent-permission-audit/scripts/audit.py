#!/usr/bin/env python3
"""Audit (and optionally tighten) Claude Code permission settings."""
import difflib
import json
import os
import shutil
import sys

FILES = {
    "user": os.path.expanduser("~/.claude/settings.json"),
    "project": os.path.join(".claude", "settings.json"),
    "local": os.path.join(".claude", "settings.local.json"),
}
BROAD_ALLOW = ("Bash(*)", "Bash", "Bash(curl:*)", "Bash(wget:*)", "Bash(sudo:*)", "Bash(rm:*)",
               "Read(~/**)", "Read(//**)", "Edit(~/**)", "WebFetch")
RECOMMENDED_DENY = ["Read(./.env)", "Read(./.env.*)", "Read(~/.ssh/**)", "Read(~/.aws/**)",
                    "Bash(curl:*)", "Bash(sudo:*)"]


def load(path):
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except FileNotFoundError:
        return None


def findings(scope, data):
    out = []
    perms = data.get("permissions", {})
    if perms.get("defaultMode") == "bypassPermissions":
        out.append(("critical", "defaultMode is bypassPermissions - every tool call runs without approval"))
    for rule in perms.get("allow", []):
        if rule in BROAD_ALLOW:
            out.append(("high", f"broad allow rule {rule}"))
    missing = [d for d in RECOMMENDED_DENY if d not in perms.get("deny", [])]
    if missing:
        out.append(("medium", "no deny rule for " + ", ".join(missing)))
    if data.get("enableAllProjectMcpServers"):
        out.append(("medium", "enableAllProjectMcpServers auto-approves MCP servers from any repo"))
    return [(scope, sev, msg) for sev, msg in out]


def tightened(data):
    new = json.loads(json.dumps(data))
    perms = new.setdefault("permissions", {})
    if perms.get("defaultMode") == "bypassPermissions":
        perms["defaultMode"] = "default"
    perms["allow"] = [r for r in perms.get("allow", []) if r not in BROAD_ALLOW]
    perms["deny"] = sorted(set(perms.get("deny", [])) | set(RECOMMENDED_DENY))
    new.pop("enableAllProjectMcpServers", None)
    return new


def main():
    args = sys.argv[1:]
    if args and args[0] in ("--propose", "--apply"):
        scope = args[1] if len(args) > 1 else "project"
        path = FILES[scope]
        data = load(path)
        if data is None:
            sys.exit(f"{path} does not exist")
        before = json.dumps(data, indent=2).splitlines()
        after_obj = tightened(data)
        after = json.dumps(after_obj, indent=2).splitlines()
        print("\n".join(difflib.unified_diff(before, after, path, path + " (proposed)", lineterm="")))
        if args[0] == "--apply":
            if input("Write the stricter settings? [y/N] ").strip().lower() != "y":
                sys.exit("not changed")
            shutil.copy2(path, path + ".bak")
            with open(path, "w", encoding="utf-8") as fh:
                json.dump(after_obj, fh, indent=2)
            print(f"written (backup at {path}.bak)")
        return
    total = 0
    for scope, path in FILES.items():
        data = load(path)
        if data is None:
            continue
        for scope_, sev, msg in findings(scope, data):
            total += 1
            print(f"[{sev:<8}] {scope_:<7} {msg}")
    print(f"{total} finding(s)")


if __name__ == "__main__":
    main()
