#!/usr/bin/env python3
"""Print a normalised endpoint list (JSON) from an OpenAPI 3 document."""
import json
import sys

try:
    import yaml  # type: ignore
except ImportError:  # JSON specs still work
    yaml = None


def load(path):
    text = open(path, encoding="utf-8").read()
    if path.endswith((".yaml", ".yml")):
        if yaml is None:
            sys.exit("PyYAML is required for YAML specs: pip install pyyaml")
        return yaml.safe_load(text)
    return json.loads(text)


def main(path):
    spec = load(path)
    out = []
    for route, ops in (spec.get("paths") or {}).items():
        for method, op in ops.items():
            if method.lower() not in {"get", "post", "put", "patch", "delete"}:
                continue
            out.append({
                "method": method.upper(),
                "path": route,
                "tag": (op.get("tags") or ["default"])[0],
                "summary": op.get("summary", ""),
                "responses": sorted((op.get("responses") or {}).keys()),
            })
    json.dump(sorted(out, key=lambda e: (e["tag"], e["path"], e["method"])), sys.stdout, indent=2)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "openapi.yaml")
