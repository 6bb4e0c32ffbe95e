#!/usr/bin/env python3
"""Print the operations of an OpenAPI 3 spec as JSON, grouped by tag."""
import json
import sys

try:
    import yaml
except ImportError:  # JSON specs still work without PyYAML
    yaml = None

METHODS = ("get", "put", "post", "delete", "patch", "head", "options", "trace")


def load(path):
    with open(path, encoding="utf-8") as fh:
        if path.endswith(".json"):
            return json.load(fh)
        if yaml is None:
            sys.exit("PyYAML is needed for YAML specs: pip install pyyaml")
        return yaml.safe_load(fh)


def main(path):
    spec = load(path)
    groups = {}
    for route, item in (spec.get("paths") or {}).items():
        shared = item.get("parameters", [])
        for method in METHODS:
            op = item.get(method)
            if not op:
                continue
            entry = {
                "method": method.upper(),
                "path": route,
                "operationId": op.get("operationId"),
                "summary": op.get("summary", ""),
                "parameters": shared + op.get("parameters", []),
                "requestBody": bool(op.get("requestBody")),
                "responses": sorted((op.get("responses") or {}).keys()),
                "security": op.get("security", spec.get("security", [])),
            }
            for tag in op.get("tags") or ["default"]:
                groups.setdefault(tag, []).append(entry)
    json.dump({"servers": spec.get("servers", []),
               "securitySchemes": (spec.get("components") or {}).get("securitySchemes", {}),
               "tags": groups}, sys.stdout, indent=2)
    print()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "openapi.yaml")
