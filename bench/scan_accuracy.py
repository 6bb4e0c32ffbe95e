"""Scanner accuracy and speed, for the README (issue 3).

    python bench/scan_accuracy.py [--real DIR ...] [--json]

1. Recall per category and per group on the labelled corpus in tests/scan/corpus
   (and separately on its held-out part, written after the rules were tuned).
2. Real public skills: every folder holding a SKILL.md under each --real DIR (for example
   snapshots of anthropics/skills, openai/skills, … extracted outside the repository; they
   are read, never committed). Prints the share graded C or worse, with each such skill and why.
3. Throughput: MB/s of skill text on one core (CPU time), and the time for all real SKILL.md files.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def corpus_table(out: dict) -> list[str]:
    from skillpm.scan.evaluate import GROUP_NAMES, evaluate_corpus

    r = evaluate_corpus(ROOT / "tests" / "scan" / "corpus")
    lines = ["## Recall on the labelled corpus (tests/scan/corpus)", "",
             "| group | detected | recall | first held-out part (tuned on since) |", "|---|---|---|---|"]
    out["corpus"] = {"groups": {}, "categories": {}, "benign_flagged": r.flagged_benign, "benign_total": r.benign_total}
    for g, label in GROUP_NAMES.items():
        d, m = len(r.detected.get(g, [])), len(r.missed.get(g, []))
        ho = r.held_out.get(g, [0, 0])
        lines.append(f"| {label} | {d}/{d + m} | {100 * r.recall(g):.1f}% | {ho[0]}/{ho[1]} |")
        out["corpus"]["groups"][g] = {"detected": d, "total": d + m, "missed": r.missed.get(g, []),
                                      "held_out": ho}
    lines += ["", "| category | detected | recall |", "|---|---|---|"]
    for c, (hit, total) in sorted(r.by_category.items()):
        lines.append(f"| {c} | {hit}/{total} | {100 * hit / total:.0f}% |")
        out["corpus"]["categories"][c] = [hit, total]
    for g, (d, t) in sorted(r.blind.items()):
        lines += ["", f"blind set (written without sight of the rules, never tuned on), {GROUP_NAMES[g]}: "
                      f"{d}/{t} = {100 * d / t:.0f}%; missed: {', '.join(r.blind_missed)}"]
    out["corpus"]["blind"] = {"groups": r.blind, "missed": r.blind_missed}
    def look_alikes(name: str) -> str:
        f, t = r.apart_benign[name]
        flagged = ", ".join(f"{n} {g}" for n, g in r.apart_benign_flagged.get(name, []))
        return f"{name} look-alikes graded C or worse: {f}/{t}" + (f" ({flagged})" if flagged else "")

    for name, groups in sorted(r.apart.items()):
        for g, (d, t) in sorted(groups.items()):
            lines += ["", f"{name} (scored apart; caught = graded C or worse), {GROUP_NAMES[g]}: {d}/{t} = {100 * d / t:.0f}%"]
        if r.apart_missed.get(name):
            lines += [f"{name}, still graded A or B: {', '.join(r.apart_missed[name])}"]
        if name in r.apart_benign:
            lines.append(look_alikes(name))
    for name in sorted(set(r.apart_benign) - set(r.apart)):  # the natural-language sets' look-alikes
        lines += ["", look_alikes(name)]
    out["corpus"]["apart"] = {"sets": r.apart, "missed": r.apart_missed, "look_alikes": r.apart_benign,
                              "look_alikes_flagged": r.apart_benign_flagged}
    lines += ["", f"benign corpus skills graded C or worse: {len(r.flagged_benign)}/{r.benign_total}"]
    for name, grade, rules in r.flagged_benign:
        lines.append(f"  {name}: {grade} ({', '.join(rules)})")
    missed = [n for g in r.missed.values() for n in g]
    if missed:
        lines.append("missed malicious: " + ", ".join(sorted(missed)))
    return lines


def real_table(dirs: list[Path], out: dict) -> list[str]:
    from skillpm.hashing import read_tree
    from skillpm.scan import scan_tree
    from skillpm.scan.engine import scanner

    scanner()  # compile once, outside the timing
    skills = []
    for d in dirs:
        skills += sorted({p.parent for p in d.rglob("*") if p.name.lower() == "skill.md" and p.is_file()})
    results, nbytes, cpu, md_bytes, md_cpu, unreadable = [], 0, 0.0, 0, 0.0, []
    from skillpm.hashing import Tree

    for s in skills:
        try:
            tree = read_tree(s)
        except Exception as exc:  # a skill the installer would refuse (unsafe link, caps)
            unreadable.append((str(s), str(exc)))
            continue
        t0 = time.process_time()
        r = scan_tree(tree)
        cpu += time.process_time() - t0
        nbytes += tree.size
        results.append((s, r))
        md = next((p for p in tree.files if p.lower() == "skill.md"), None)
        if md:
            t1 = time.process_time()
            scan_tree(Tree(files={md: tree.files[md]}))
            md_cpu += time.process_time() - t1
            md_bytes += len(tree.files[md])
    bad = [(s, r) for s, r in results if r.grade in "CDF"]
    n = len(results)
    lines = ["## Real public skills", "",
             f"{n} skills scanned ({nbytes / 1e6:.1f} MB of files), {len(unreadable)} refused by read_tree",
             f"graded C or worse: {len(bad)}/{n} = {100 * len(bad) / max(1, n):.2f}%",
             f"grades: " + ", ".join(f"{g} {sum(1 for _, r in results if r.grade == g)}" for g in "ABCDF"), ""]
    for s, r in bad:
        rel = next((str(s.relative_to(d)) for d in dirs if s.is_relative_to(d)), str(s))
        why = "; ".join(f"{f.rule} {f.severity} {f.file}:{f.line}" for f in r.findings if f.grades)[:300]
        lines.append(f"  {r.grade}  {rel}: {why}")
    lines += ["", "## Speed (one core, CPU time)", "",
              f"all files of all skills: {nbytes / 1e6:.1f} MB in {cpu:.1f} s = {nbytes / 1e6 / max(cpu, 1e-9):.2f} MB/s",
              f"all SKILL.md files alone: {md_bytes / 1e6:.1f} MB in {md_cpu:.1f} s = "
              f"{md_bytes / 1e6 / max(md_cpu, 1e-9):.2f} MB/s"]
    out["real"] = {"skills": n, "bytes": nbytes, "graded_c_or_worse": len(bad),
                   "share": len(bad) / max(1, n), "cpu_seconds": cpu, "mb_per_s": nbytes / 1e6 / max(cpu, 1e-9),
                   "skill_md_bytes": md_bytes, "skill_md_cpu_seconds": md_cpu,
                   "flagged": [(str(s), r.grade) for s, r in bad]}
    return lines


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--real", action="append", default=[], type=Path, help="folder of real skills (repeatable)")
    ap.add_argument("--json", action="store_true", help="print one JSON document instead of the table")
    args = ap.parse_args(argv)
    import os
    import tempfile

    # A cold, private scan cache: every skill is really scanned, and nothing lands in the user's cache.
    os.environ["SKILLPM_CACHE_DIR"] = tempfile.mkdtemp(prefix="skillpm-bench-")
    from skillpm.scan import rules_version

    out: dict = {"rules_version": rules_version()}
    lines = [f"# skillpm scanner benchmark (rules {out['rules_version']})", ""] + corpus_table(out) + [""]
    if args.real:
        lines += real_table([p.resolve() for p in args.real], out)
    print(json.dumps(out, indent=2, default=str) if args.json else "\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
