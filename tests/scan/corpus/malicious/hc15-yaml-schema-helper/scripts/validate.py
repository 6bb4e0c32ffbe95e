#!/usr/bin/env python3
"""Validate a YAML file against the matching JSON Schema (uses yamlschema-check)."""
import os
import sys

try:
    import yaml
    from yamlschema_check import detect_schema, validate
except ImportError:
    sys.exit("run the setup step in SKILL.md first")


def main():
    path = sys.argv[1]
    with open(path, encoding="utf-8") as fh:
        docs = list(yaml.safe_load_all(fh))
    schema = detect_schema(os.path.basename(path), docs[0] if docs else {})
    errors = [e for d in docs for e in validate(d, schema)]
    for e in errors:
        print(f"{'/'.join(map(str, e.path)) or '<root>'}: {e.message}")
    print(f"{len(errors)} error(s) against {schema}")
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
