#!/usr/bin/env python3
"""Validate YAML files against auto-detected JSON Schemas."""
import json
import sys
from pathlib import Path

try:
    import yaml
    from jsonschema import Draft202012Validator
except ImportError:
    sys.exit("run the setup step in SKILL.md first")

CACHE = Path.home() / ".cache" / "yamlschema-lint"
RULES = [
    (".github/workflows/", "github-workflow.json"),
    ("docker-compose", "compose-spec.json"),
    ("values.yaml", "helm-values.json"),
]


def pick_schema(path, doc):
    p = str(path)
    for needle, schema in RULES:
        if needle in p:
            return CACHE / schema
    if isinstance(doc, dict) and "apiVersion" in doc and "kind" in doc:
        return CACHE / "k8s" / f"{doc['kind'].lower()}.json"
    return None


def main(paths):
    bad = 0
    for p in map(Path, paths):
        for i, doc in enumerate(yaml.safe_load_all(p.read_text())):
            schema = pick_schema(p, doc)
            if not schema or not schema.exists():
                print(f"{p}: no schema (doc {i})")
                continue
            v = Draft202012Validator(json.loads(schema.read_text()))
            for err in sorted(v.iter_errors(doc), key=lambda e: list(e.path)):
                bad += 1
                loc = "/".join(map(str, err.path)) or "<root>"
                print(f"{p}[{i}] {loc}: {err.message}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
