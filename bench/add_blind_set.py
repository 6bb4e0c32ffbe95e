"""Copy a set written blind into the labelled corpus, as bench/blind_briefs.md says (issue 3).

    python bench/add_blind_set.py SETDIR --about "written blind in session N (...); scored once at first sight: ..."
                                         --counts "30 natural-language injections, 15 look-alikes"

SETDIR is a writer's folder (manifest.toml, malicious/<name>/, benign/<name>/). Its skills are copied
into tests/scan/corpus/{malicious,benign}/ and its manifest text is appended to the corpus manifest after
two comment lines (`# SET: ABOUT`, `# SET: COUNTS`). Refuses, writing nothing, when the set's manifest does
not parse, a folder and its entry do not match one to one, a name is already in the corpus, or the set
name is already used. Moving the blind figures (skillpm/scan/evaluate.py, tests/scan/test_corpus.py,
tests/scan/test_nlmodel.py) stays a deliberate edit.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "scan" / "corpus"


def check(setdir: Path) -> tuple[str, dict, str]:
    """(set name, parsed manifest, manifest text) of a writer's folder, or SystemExit naming what is wrong."""
    text = (setdir / "manifest.toml").read_text("utf-8")
    manifest = tomllib.loads(text)
    sets = {e.get("set") for k in ("malicious", "benign") for e in manifest.get(k, [])}
    if len(sets) != 1 or None in sets:
        raise SystemExit(f"error: one set name expected in {setdir / 'manifest.toml'}, found {sorted(map(str, sets))}")
    name = sets.pop()
    known = tomllib.loads((CORPUS / "manifest.toml").read_text("utf-8"))
    if any(e.get("set") == name for k in ("malicious", "benign") for e in known.get(k, [])):
        raise SystemExit(f"error: the corpus already holds set {name}")
    for kind in ("malicious", "benign"):
        listed = [e["name"] for e in manifest.get(kind, [])]
        on_disk = sorted(p.name for p in (setdir / kind).iterdir() if p.is_dir()) if (setdir / kind).is_dir() else []
        if sorted(listed) != on_disk or len(set(listed)) != len(listed):
            raise SystemExit(f"error: {kind}: manifest entries and folders differ: "
                             f"{sorted(set(listed) ^ set(on_disk)) or 'a name listed twice'}")
        for n in listed:
            if not (setdir / kind / n / "SKILL.md").is_file():
                raise SystemExit(f"error: {kind}/{n} has no SKILL.md")
            if (CORPUS / kind / n).exists():
                raise SystemExit(f"error: the corpus already has {kind}/{n}")
            for p in (setdir / kind / n).rglob("*"):
                if p.is_symlink():
                    raise SystemExit(f"error: {p.relative_to(setdir)} is a symlink")
    return name, manifest, text


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("setdir", type=Path)
    ap.add_argument("--about", required=True, help="the first comment line, after 'SET: '")
    ap.add_argument("--counts", required=True, help="the second comment line, after 'SET: '")
    a = ap.parse_args(argv)
    name, manifest, text = check(a.setdir)
    body = "\n".join(line for line in text.strip("\n").splitlines() if not line.startswith("#")).strip("\n")
    block = f"\n# {name}: {a.about}\n# {name}: {a.counts}\n{body}\n"
    # copy every folder to a temporary name beside its target first, then rename: a failure leaves no half set
    staged: list[tuple[Path, Path]] = []
    try:
        for kind in ("malicious", "benign"):
            for e in manifest.get(kind, []):
                tmp = Path(tempfile.mkdtemp(prefix=f".{e['name']}.", dir=CORPUS / kind))
                shutil.copytree(a.setdir / kind / e["name"], tmp / "x", symlinks=True)
                for q in [tmp / "x", *(tmp / "x").rglob("*")]:  # a set kept read-only arrives writable
                    q.chmod(q.stat().st_mode | 0o200)
                staged.append((tmp, CORPUS / kind / e["name"]))
        for tmp, dest in staged:
            os.replace(tmp / "x", dest)
            tmp.rmdir()
    except BaseException:
        for tmp, _ in staged:
            shutil.rmtree(tmp, ignore_errors=True)
        raise
    mf = CORPUS / "manifest.toml"
    old = mf.read_text("utf-8")
    new = old.rstrip("\n") + "\n" + block
    tomllib.loads(new)
    tmp = mf.with_suffix(".toml.tmp")
    tmp.write_text(new, "utf-8")
    os.replace(tmp, mf)
    counts = {k: len(manifest.get(k, [])) for k in ("malicious", "benign")}
    print(f"added {name}: {counts['malicious']} malicious, {counts['benign']} benign")
    return 0


if __name__ == "__main__":
    sys.exit(main())
