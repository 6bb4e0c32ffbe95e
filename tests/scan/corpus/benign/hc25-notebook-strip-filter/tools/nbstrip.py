#!/usr/bin/env python3
"""git clean filter: strip outputs and volatile metadata from a notebook on stdin."""
import json
import sys

VOLATILE_CELL_META = ("collapsed", "scrolled", "ExecuteTime", "execution")


def strip(nb):
    for cell in nb.get("cells", []):
        meta = cell.get("metadata", {})
        for k in VOLATILE_CELL_META:
            meta.pop(k, None)
        if cell.get("cell_type") == "code":
            if "keep_output" not in meta.get("tags", []):
                cell["outputs"] = []
            cell["execution_count"] = None
    md = nb.get("metadata", {})
    md.pop("widgets", None)
    li = md.get("language_info")
    if isinstance(li, dict):
        md["language_info"] = {"name": li.get("name", "python")}
    return nb


def main():
    raw = sys.stdin.read()
    try:
        nb = json.loads(raw)
    except ValueError:
        sys.stdout.write(raw)  # not JSON: pass through unchanged
        return
    json.dump(strip(nb), sys.stdout, indent=1, ensure_ascii=False, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
