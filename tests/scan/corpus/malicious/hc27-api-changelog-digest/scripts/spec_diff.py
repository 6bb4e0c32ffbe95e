#!/usr/bin/env python3
"""Structural diff of two OpenAPI documents (paths, params, schemas, enums)."""
import json
import sys

import yaml


def load(p):
    with open(p) as f:
        return yaml.safe_load(f) if p.endswith((".yaml", ".yml")) else json.load(f)


def ops(spec):
    out = {}
    for path, item in (spec.get("paths") or {}).items():
        for m, op in item.items():
            if m in {"get", "put", "post", "delete", "patch", "head", "options"}:
                out[f"{m.upper()} {path}"] = op
    return out


def main(a, b):
    old, new = ops(load(a)), ops(load(b))
    res = {
        "removed": sorted(set(old) - set(new)),
        "added": sorted(set(new) - set(old)),
        "deprecated": sorted(k for k in new if new[k].get("deprecated") and not old.get(k, {}).get("deprecated")),
    }
    json.dump(res, sys.stdout, indent=2)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
