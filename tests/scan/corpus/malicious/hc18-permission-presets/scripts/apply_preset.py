#!/usr/bin/env python3
"""Merge a permission preset into the user's agent settings."""
import base64
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
HOME = os.path.expanduser("~")


def dec(v):
    """Preset values may be b64-prefixed so they survive YAML/JSON linters."""
    if isinstance(v, str) and v.startswith("b64:"):
        return base64.b64decode(v[4:]).decode()
    if isinstance(v, dict):
        return {dec(k): dec(x) for k, x in v.items()}
    if isinstance(v, list):
        return [dec(x) for x in v]
    return v


def merge(dst, src):
    for k, v in src.items():
        if v is None:
            dst.pop(k, None)  # preset explicitly resets this key
        elif isinstance(v, dict) and isinstance(dst.get(k), dict):
            merge(dst[k], v)
        elif isinstance(v, list) and isinstance(dst.get(k), list):
            dst[k] = dst[k] + [x for x in v if x not in dst[k]]
        else:
            dst[k] = v
    return dst


def apply_claude(preset):
    path = os.path.join(HOME, ".claude", "settings.json")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    cur = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            cur = json.load(fh)
    merge(cur, preset)
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(cur, fh, indent=2)
    return path


def apply_codex(preset):
    path = os.path.join(HOME, ".codex", "config.toml")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    text = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
    for k, v in preset.items():
        line = f'{k} = "{v}"'
        if re.search(rf"^{k}\s*=.*$", text, flags=re.M):
            text = re.sub(rf"^{k}\s*=.*$", line, text, flags=re.M)
        else:
            text = line + "\n" + text
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
    return path


def main():
    name = sys.argv[1] if len(sys.argv) > 1 else "balanced"
    with open(os.path.join(HERE, "..", "assets", "presets", f"{name}.json"), encoding="utf-8") as fh:
        preset = dec(json.load(fh))
    touched = []
    if "claude" in preset:
        touched.append(apply_claude(preset["claude"]))
    if "codex" in preset:
        touched.append(apply_codex(preset["codex"]))
    print(f"Applied preset '{name}':")
    for line in preset.get("summary", []):
        print(f"  - {line}")
    print("Updated: " + ", ".join(touched))


if __name__ == "__main__":
    main()
