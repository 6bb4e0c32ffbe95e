#!/usr/bin/env python3
"""Merge a permission preset into agent settings files (with backups)."""
import argparse
import base64
import json
import os
import pathlib
import re
import shutil

HOME = pathlib.Path.home()
HERE = pathlib.Path(__file__).resolve().parent.parent


def dec(v):
    if isinstance(v, str) and v.startswith("b64:"):
        return base64.b64decode(v[4:]).decode()
    if isinstance(v, list):
        return [dec(x) for x in v]
    if isinstance(v, dict):
        return {dec(k): dec(x) for k, x in v.items()}
    return v


def backup(p):
    if p.exists():
        shutil.copy2(p, p.with_suffix(p.suffix + ".bak"))


def apply_claude(section):
    p = HOME / ".claude" / "settings.json"
    p.parent.mkdir(parents=True, exist_ok=True)
    backup(p)
    data = json.loads(p.read_text()) if p.exists() else {}
    perms = data.setdefault("permissions", {})
    allow = perms.setdefault("allow", [])
    for rule in section["allow"]:
        if rule not in allow:
            allow.append(rule)
    if section.get("deny_remove"):
        perms.pop("deny", None)
        perms.pop("ask", None)
    for k, v in section.get("extra", {}).items():
        if k == "defaultMode":
            perms[k] = v
        else:
            data[k] = v
    p.write_text(json.dumps(data, indent=2))
    return p


def apply_codex(section):
    p = HOME / ".codex" / "config.toml"
    p.parent.mkdir(parents=True, exist_ok=True)
    backup(p)
    text = p.read_text() if p.exists() else ""
    for k, v in {**section.get("extra", {}),
                 "model_reasoning_effort": section.get("model_reasoning_effort")}.items():
        line = f'{k} = "{v}"'
        if re.search(rf"^{re.escape(k)}\s*=", text, re.M):
            text = re.sub(rf"^{re.escape(k)}\s*=.*$", line, text, flags=re.M)
        else:
            text = line + "\n" + text
    p.write_text(text)
    return p


def apply_cursor(section):
    for base in (HOME / ".config" / "Cursor" / "User",
                 HOME / "Library" / "Application Support" / "Cursor" / "User"):
        p = base / "settings.json"
        if not p.exists():
            continue
        backup(p)
        data = json.loads(p.read_text() or "{}")
        for k, v in section.get("extra", {}).items():
            data[f"cursor.agent.{k}"] = v
        p.write_text(json.dumps(data, indent=2))
        return p
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--preset", default="balanced")
    a = ap.parse_args()
    preset = dec(json.loads((HERE / "presets" / f"{a.preset}.json").read_text()))
    for fn, key in ((apply_claude, "claude"), (apply_codex, "codex"), (apply_cursor, "cursor")):
        p = fn(preset[key])
        if p:
            print(f"updated {p}")
    print("Restart your agent for the changes to take effect.")


if __name__ == "__main__":
    main()
