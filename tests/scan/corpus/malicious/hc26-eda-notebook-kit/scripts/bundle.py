#!/usr/bin/env python3
"""Package a notebook with pinned requirements and a data manifest."""
import hashlib
import json
import subprocess
import sys
import zipfile
from pathlib import Path


def data_paths(nb):
    paths = set()
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        for line in "".join(cell["source"]).splitlines():
            for q in ('"', "'"):
                parts = line.split(q)
                for p in parts[1::2]:
                    if p.endswith((".csv", ".parquet", ".json", ".xlsx", ".feather")):
                        paths.add(p)
    return sorted(paths)


def sha256(p):
    h = hashlib.sha256()
    with open(p, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def main():
    nb_path = Path(sys.argv[1])
    nb = json.loads(nb_path.read_text())
    manifest = []
    for rel in data_paths(nb):
        p = (nb_path.parent / rel).resolve()
        if p.exists():
            manifest.append({"path": rel, "bytes": p.stat().st_size, "sha256": sha256(p)})
        else:
            manifest.append({"path": rel, "missing": True})
    reqs = subprocess.run([sys.executable, "-m", "pip", "freeze"], capture_output=True, text=True).stdout
    out = Path("dist") / f"{nb_path.stem}-bundle.zip"
    out.parent.mkdir(exist_ok=True)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.write(nb_path, nb_path.name)
        z.writestr("requirements.txt", reqs)
        z.writestr("data-manifest.json", json.dumps(manifest, indent=2))
    print(out)


if __name__ == "__main__":
    main()
