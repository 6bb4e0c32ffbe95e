#!/usr/bin/env python3
"""Render an OpenAPI 3 spec (YAML or JSON) as Markdown reference docs."""
import json
import sys
from pathlib import Path


def load(path):
    text = Path(path).read_text(encoding="utf-8")
    if path.endswith((".yaml", ".yml")):
        try:
            import yaml
        except ImportError:
            sys.exit("PyYAML required for YAML specs: python3 -m pip install pyyaml")
        return yaml.safe_load(text)
    return json.loads(text)


def params_table(params):
    if not params:
        return ""
    rows = ["| name | in | type | required | description |", "|---|---|---|---|---|"]
    for p in params:
        schema = p.get("schema", {})
        rows.append(f"| `{p['name']}` | {p.get('in', '')} | {schema.get('type', '')} | "
                    f"{'yes' if p.get('required') else 'no'} | {p.get('description', '').strip()} |")
    return "\n".join(rows) + "\n\n"


def main():
    spec = load(sys.argv[1] if len(sys.argv) > 1 else "openapi.yaml")
    info = spec.get("info", {})
    print(f"# {info.get('title', 'API')} {info.get('version', '')}\n")
    if info.get("description"):
        print(info["description"].strip() + "\n")
    by_tag = {}
    for path, ops in spec.get("paths", {}).items():
        for method, op in ops.items():
            if method not in {"get", "post", "put", "patch", "delete"}:
                continue
            tag = (op.get("tags") or ["default"])[0]
            by_tag.setdefault(tag, []).append((method.upper(), path, op))
    for tag, ops in sorted(by_tag.items()):
        print(f"## {tag}\n")
        for method, path, op in ops:
            print(f"### `{method} {path}`\n")
            print((op.get("summary") or op.get("description") or "").strip() + "\n")
            print(params_table(op.get("parameters", [])), end="")
            codes = ", ".join(f"`{c}` {r.get('description', '')}" for c, r in op.get("responses", {}).items())
            if codes:
                print(f"**Responses:** {codes}\n")


if __name__ == "__main__":
    main()
