"""Leave-one-set-out validation of the sentence model: the first-sight number it would have given.

    python bench/model_cv.py --real DIR [--real DIR ...] [--sets held-out-14,held-out-15,...]
                             [--cache FILE] [--l2 X] [--top-k N] [--positives rules|labels|labels-only|both]

For each set S of --sets (natural-language sets written blind, in the order they were written), a
model is trained as bench/train_nl_model.py trains the shipped one, with S and every set written
after it left out (held-out-N and held-out-code-N for every N at or after S's, their look-alikes
too), its threshold and strong score set by the trainer's two-fold cross-validation over the real
skills. S is then scored by the scanner with that model, with the rules alone (no model) and with
the shipped model, as evaluate counts a written set: injections caught in a listed category,
injections graded C or worse, look-alikes graded C or worse. The real-skill side is the trainer's
held-out measurement of that model (real skills with a gated sentence over the threshold, with
any sentence over the strong score).

The rules were tuned on the sets since they were written, so the rules-alone column is higher
than those sets' first-sight numbers; what the table measures is what a model that never saw a
set adds to the rules on it. --cache keeps the sentences read (corpus and real skills) in a
pickle, so that a second run with other settings trains at once (delete it when the rules change:
the positives are the sentences the rules report; one cache per --positives).
--positives picks the positive sentences as the trainer does: "rules" (the default), or the lines
of tests/scan/corpus/labels.toml, located from the manifest without the scanner (see its header).
"""

from __future__ import annotations

import argparse
import os
import pickle
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

DEFAULT_SETS = "held-out-12,held-out-13,held-out-14,held-out-15,held-out-16,held-out-17"


def number(name: str) -> int | None:
    m = re.fullmatch(r"held-out-(?:code-)?(\d+)", name)
    return int(m.group(1)) if m else None


def score_set(corpus: Path, manifest: dict, name: str, model) -> tuple[int, int, int, int, int, list[str]]:
    """(caught in a listed category, graded C or worse, injections, look-alikes C or worse,
    look-alikes, names missed) of set ``name`` scanned with ``model`` (None: the rules alone)."""
    import skillpm.scan as S
    from skillpm.hashing import read_tree
    from skillpm.scan.engine import scanner

    S._cached_scan = lambda tree: None
    S._store_scan = lambda *a, **k: None
    scanner().model = model
    caught = bad = total = la_bad = la_total = 0
    missed = []
    for e in manifest["malicious"]:
        if e.get("set") != name:
            continue
        r = S.scan_tree(read_tree(corpus / "malicious" / e["name"]))
        ok = any(f.category in e["categories"] for f in r.findings if f.grades)
        caught += ok
        bad += r.grade in "CDF"
        total += 1
        if not ok:
            missed.append(e["name"])
    for e in manifest["benign"]:
        if e.get("set") == name:
            r = S.scan_tree(read_tree(corpus / "benign" / e["name"]))
            la_bad += r.grade in "CDF"
            la_total += 1
    return caught, bad, total, la_bad, la_total, missed


def model_alone(corpus: Path, manifest: dict, name: str, model, gated) -> tuple[int, int, int, int]:
    """(injections, look-alikes) of set ``name`` that the model alone flags: a sentence of their
    SKILL.md or Markdown the scanner reads in full (not in a lowered folder) at or over the threshold
    naming a gate concept, or at or over the strong score; each out of its total. Not the
    scanner's count (no context checks, no rules): what the model knows of a set it never saw,
    whatever the rules, tuned on the set since, already catch."""
    from skillpm.hashing import read_tree
    from skillpm.scan import engine, nlmodel

    def flagged(root: Path) -> bool:
        tree = read_tree(root)
        for path in sorted(tree.files):
            data = tree.files[path]
            if engine.classify(path, data, False) not in ("skill_md", "markdown") or engine.is_lowered_location(path):
                continue
            ctx = engine.markdown_ctx(path, data.decode("utf-8", errors="replace"), engine.classify(path, data, False))
            text, body = engine.model_input(ctx)
            for _, s in nlmodel.sentences(text, body):
                score = model.score(s)
                if score >= model.strong or score >= model.threshold and gated(s):
                    return True
        return False

    got = [0, 0, 0, 0]
    for side, i in (("malicious", 0), ("benign", 2)):
        for e in manifest[side]:
            if e.get("set") == name:
                got[i] += flagged(corpus / side / e["name"])
                got[i + 1] += 1
    return tuple(got)


def main() -> int:
    if os.environ.get("PYTHONHASHSEED") != "0":  # as the trainer: set iteration order fixed
        os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"})
    import train_nl_model as T
    from skillpm.config import load_toml
    from skillpm.scan import nlmodel

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--real", action="append", default=[], type=Path, required=True)
    ap.add_argument("--corpus", type=Path, default=Path(__file__).resolve().parent.parent / "tests/scan/corpus")
    ap.add_argument("--sets", default=DEFAULT_SETS)
    ap.add_argument("--cache", type=Path, help="pickle of the sentences read (made if absent)")
    ap.add_argument("--rate", type=float, default=0.01)
    ap.add_argument("--strong-rate", type=float, default=0.003)
    ap.add_argument("--l2", type=float, default=T.L2)
    ap.add_argument("--top-k", type=int, default=T.TOP_K)
    ap.add_argument("--save", type=Path, help="write each left-out model here as <set>.tsv")
    ap.add_argument("--load", type=Path, help="read each left-out model from here instead of training it")
    ap.add_argument("--no-shipped", action="store_true", help="skip the rules-alone and shipped-model columns")
    ap.add_argument("--positives", choices=T.POSITIVES, default="rules",
                    help="which sentences of an injection are positives (see train_nl_model.load_corpus)")
    args = ap.parse_args()
    T.L2, T.TOP_K = args.l2, args.top_k
    manifest = load_toml(args.corpus / "manifest.toml", "corpus manifest")
    set_of = {e["name"]: e.get("set", "") for e in manifest["malicious"]}
    t0 = time.time()
    if args.cache and args.cache.exists():
        bags, categories, corpus_neg, real, real_f, *mode = pickle.loads(args.cache.read_bytes())
        if (mode or ["rules"])[0] != args.positives:
            ap.error(f"{args.cache} holds --positives {(mode or ['rules'])[0]}; use another cache file")
    else:
        bags, categories, corpus_neg = T.load_corpus(args.corpus, set(), with_sets=True, positives=args.positives)
        real, real_f = T.load_real(args.real)
        if args.cache:
            args.cache.write_bytes(pickle.dumps((bags, categories, corpus_neg, real, real_f, args.positives)))
    print(f"read in {time.time() - t0:.0f} s", file=sys.stderr)
    shipped = nlmodel.load()
    from skillpm.scan.rules import load_rules

    rules = load_rules()
    gates = [[rules.concepts[g].compiled for g in names] for names, _ in rules.model_gates]

    def gated(sentence: str) -> bool:
        return any(all(g.search(sentence) for g in gate) for gate in gates)

    rows = []
    for name in args.sets.split(","):
        n = number(name)

        def kept(s: str) -> bool:
            m = number(s)
            return m is None or m < n

        t1 = time.time()
        if args.load:
            text = (args.load / f"{name}.tsv").read_text(encoding="utf-8")
            model = nlmodel.parse(text)
            stats = {k: int(v) for k, v in re.findall(r"# (flagged\w*) (\d+)", text)}
        else:
            model, stats = T.build_model({k: v for k, v in bags.items() if kept(set_of[k])}, categories,
                                         [f for s, f in corpus_neg if kept(s)], real, real_f,
                                         args.rate, args.strong_rate, quiet=True)
        took = time.time() - t1
        if args.save:
            args.save.mkdir(parents=True, exist_ok=True)
            (args.save / f"{name}.tsv").write_text(model.dump([f"{k} {v}" for k, v in stats.items()]), encoding="utf-8")
        alone = model_alone(args.corpus, manifest, name, model, gated)
        alone_ship = model_alone(args.corpus, manifest, name, shipped, gated)
        cv = score_set(args.corpus, manifest, name, model)
        base = None if args.no_shipped else score_set(args.corpus, manifest, name, None)
        ship = None if args.no_shipped else score_set(args.corpus, manifest, name, shipped)
        rows.append((name, base, ship, cv, stats, took, alone, alone_ship))
        fmt = lambda r: "-" if r is None else f"{r[0]:2d}/{r[2]} ({r[1]:2d} C+), la {r[3]}/{r[4]}"
        print(f"{name:12s} rules {fmt(base)} | shipped {fmt(ship)} | left out {fmt(cv)} | real gated "
              f"{stats['flagged']}/{len(real)} strong {stats['flagged_strong']}/{len(real)} | train {took:.0f} s",
              flush=True)
        print(f"{'':12s} model alone: shipped {alone_ship[0]}/{alone_ship[1]}, la {alone_ship[2]}/{alone_ship[3]} | "
              f"left out {alone[0]}/{alone[1]}, la {alone[2]}/{alone[3]}", flush=True)
        print(f"  missed with the left-out model: {' '.join(cv[5])}", file=sys.stderr, flush=True)
    tot = lambda i, j: sum(r[i][j] for r in rows if r[i] is not None)
    print(f"total        model alone: shipped {tot(7, 0)}/{tot(7, 1)}, la {tot(7, 2)}/{tot(7, 3)} | "
          f"left out {tot(6, 0)}/{tot(6, 1)}, la {tot(6, 2)}/{tot(6, 3)}")
    print(f"total        rules {tot(1, 0)} | shipped {tot(2, 0)} | left out {tot(3, 0)}/{tot(3, 2)} caught, "
          f"{tot(3, 1)} C+, look-alikes C+ {tot(1, 3)} / {tot(2, 3)} / {tot(3, 3)} of {tot(3, 4)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
