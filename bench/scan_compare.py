"""Compare two checkouts' scanners, or score a set written blind: the tools every scanner change needs.

    python bench/scan_compare.py findings OLD NEW --real DIR [--real DIR ...]
    python bench/scan_compare.py cpu OLD NEW --real DIR [--all] [--pairs 3]
    python bench/scan_compare.py grade CHECKOUT SETDIR [--detail]

OLD, NEW and CHECKOUT are folders of skillpm checkouts (a `git worktree add` of each commit); each
runs in its own Python process with only that checkout on its path, with the scan cache off.

- findings: every finding of each scanner on the real skills under each --real DIR and on the
  checkout's own corpus (tests/scan/corpus); prints each skill whose grade or findings differ.
- cpu: CPU seconds to scan the real skills (each SKILL.md alone, or with --all every file), OLD and
  NEW alternating --pairs times (this kind of VM drifts by a third within minutes), each measured
  twice in one process (the second, warm, is the one compared); prints both and the median change.
- grade: a set folder as the blind-set writers leave it (manifest.toml, malicious/, benign/): per
  group, how many are caught in a listed category and how many are graded C or worse; look-alikes
  graded C or worse.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

# Run inside a checkout's process: reads a JSON request on stdin, prints a JSON answer.
INNER = r'''
import json, sys, time
from pathlib import Path
import skillpm.scan as S
S._cached_scan = lambda tree: None  # measure and compare the scanner, not the disk cache
S._store_scan = lambda *a, **k: None
from skillpm.hashing import Tree, read_tree
from skillpm.scan import scan_tree
req = json.load(sys.stdin)

def skills(d):
    return sorted({p.parent for p in Path(d).rglob("*") if p.name.lower() == "skill.md" and p.is_file()})

if req["what"] == "findings":
    out = {}
    dirs = [("real", d) for d in req["real"]] + [(g, str(Path(req["corpus"]) / g)) for g in ("malicious", "benign")]
    for label, d in dirs:
        for s in skills(d):
            # a real skill is named with its collection: two collections may hold the same path
            key = label + ":" + (Path(d).name + "/" if label == "real" else "") + str(s.relative_to(d))
            try:
                r = scan_tree(read_tree(s))
            except Exception as exc:
                out[key] = ["error", [str(exc)]]
                continue
            out[key] = [r.grade, sorted(f"{f.rule} {f.severity} {f.file}:{f.line}{'' if f.grades else ' (not counted)'}"
                                        for f in r.findings)]
    print(json.dumps(out))
elif req["what"] == "cpu":
    from skillpm.scan.engine import scanner
    scanner()
    trees = []
    for d in req["real"]:
        for s in skills(d):
            try:
                t = read_tree(s)
            except Exception:
                continue
            if not req["all"]:
                md = next(p for p in t.files if p.lower() == "skill.md")
                t = Tree(files={md: t.files[md]})
            trees.append(t)
    took = []
    for _ in range(2):
        t0 = time.process_time()
        for t in trees:
            scan_tree(t)
        took.append(time.process_time() - t0)
    print(json.dumps(took))
else:
    import tomllib
    root = Path(req["set"])
    man = tomllib.loads((root / "manifest.toml").read_text(encoding="utf-8"))
    groups, misses, looks = {}, [], []
    for e in man.get("malicious", []):
        r = scan_tree(read_tree(root / "malicious" / e["name"]))
        cats = sorted({f.category for f in r.findings if f.grades})
        ok = any(c in cats for c in e["categories"])
        g = groups.setdefault(e["group"], [0, 0, 0])
        g[0] += ok; g[1] += r.grade in "CDF"; g[2] += 1
        misses.append([e["name"], r.grade, ok, e["categories"], cats])
    for e in man.get("benign", []):
        r = scan_tree(read_tree(root / "benign" / e["name"]))
        looks.append([e["name"], r.grade, sorted({f.rule for f in r.findings if f.grades})])
    print(json.dumps({"groups": groups, "malicious": misses, "benign": looks}))
'''


def _run(checkout: Path, request: dict) -> object:
    if not (checkout / "skillpm" / "scan" / "engine.py").is_file():
        # (otherwise Python would fall back to whatever skillpm is installed, and compare it with itself)
        sys.exit(f"error: {checkout} is not a skillpm checkout\n"
                 "hint: give the folder of a checkout of the commit to compare (git worktree add DIR COMMIT)")
    env = {**os.environ, "PYTHONPATH": str(checkout.resolve()), "PYTHONHASHSEED": "0"}
    done = subprocess.run([sys.executable, "-c", INNER], input=json.dumps(request), capture_output=True, text=True,
                          env=env, cwd=checkout)
    if done.returncode != 0:
        tail = done.stderr.strip().splitlines()[-1:] or ["no output"]
        sys.exit(f"error: the scan in {checkout} failed: {tail[0]}\n"
                 "hint: give the folder of a skillpm checkout (git worktree add DIR COMMIT); run with that "
                 "checkout on PYTHONPATH to see the whole traceback")
    return json.loads(done.stdout)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="what", required=True)
    f = sub.add_parser("findings")
    c = sub.add_parser("cpu")
    for p in (f, c):
        p.add_argument("old", type=Path)
        p.add_argument("new", type=Path)
        p.add_argument("--real", action="append", default=[], type=Path, required=True)
    c.add_argument("--all", action="store_true", help="every file of each skill, not only SKILL.md")
    c.add_argument("--pairs", type=int, default=3)
    g = sub.add_parser("grade")
    g.add_argument("checkout", type=Path)
    g.add_argument("set", type=Path)
    g.add_argument("--detail", action="store_true")
    a = ap.parse_args(argv)
    if a.what == "findings":
        real = [str(d.resolve()) for d in a.real]
        old = _run(a.old, {"what": "findings", "real": real, "corpus": str(a.old.resolve() / "tests/scan/corpus")})
        new = _run(a.new, {"what": "findings", "real": real, "corpus": str(a.new.resolve() / "tests/scan/corpus")})
        changed = 0
        for key in sorted(set(old) | set(new)):
            (g0, f0), (g1, f1) = old.get(key, ["-", []]), new.get(key, ["-", []])
            if (g0, f0) != (g1, f1):
                changed += 1
                print(f"{key}: {g0} -> {g1}")
                for x in sorted(set(f0) - set(f1)):
                    print(f"   - {x}")
                for x in sorted(set(f1) - set(f0)):
                    print(f"   + {x}")
        real_c = [sum(1 for k, (gr, _) in d.items() if k.startswith("real:") and gr in "CDF") for d in (old, new)]
        print(f"{changed} skills differ; real skills graded C or worse: {real_c[0]} -> {real_c[1]}")
    elif a.what == "cpu":
        req = {"what": "cpu", "real": [str(d.resolve()) for d in a.real], "all": a.all}
        olds, news = [], []
        for _ in range(a.pairs):
            olds.append(_run(a.old, req)[1])
            news.append(_run(a.new, req)[1])
        mo, mn = statistics.median(olds), statistics.median(news)
        print("| checkout | CPU s (warm, each pair) | median |\n|---|---|---|")
        print(f"| {a.old} | {', '.join(f'{x:.2f}' for x in olds)} | {mo:.2f} |")
        print(f"| {a.new} | {', '.join(f'{x:.2f}' for x in news)} | {mn:.2f} |")
        print(f"change of the medians: {100 * (mn - mo) / mo:+.1f}%")
    else:
        r = _run(a.checkout, {"what": "grade", "set": str(a.set.resolve())})
        for name, grade, ok, want, got in r["malicious"]:
            if a.detail or not ok:
                print(f"  {'ok  ' if ok else 'MISS'} {grade} {name}: listed {', '.join(want)}; counted {', '.join(got) or 'none'}")
        for name, grade, rules in r["benign"]:
            if a.detail or grade in "CDF":
                print(f"  look-alike {grade} {name} {' '.join(rules)}")
        for group, (ok, cplus, n) in sorted(r["groups"].items()):
            print(f"{group}: caught in a listed category {ok}/{n}; graded C or worse {cplus}/{n}")
        bad = sum(1 for _, grade, _ in r["benign"] if grade in "CDF")
        print(f"look-alikes graded C or worse: {bad}/{len(r['benign'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
