"""Train the scanner's sentence model (skillpm/scan/nlmodel.py) and write skillpm/scan/nl_model.tsv.

    python bench/train_nl_model.py --real DIR [--real DIR ...] [--rate 0.01] [--dry-run]

Positives: the natural-language injections of the labelled corpus (tests/scan/corpus, group
"nl"), except the blind sets (evaluate.BLIND, evaluate.BLIND_CODE; their look-alikes are not
negatives either) and any --exclude set. Which sentence of a skill is
the injection is not labelled: where the rules (patterns and intents, without the model) report
a finding of the skill's category, those sentences are its positives; for a skill the rules
miss, training alternates: fit, then keep its two highest-scoring sentences, and fit again. With
--positives labels, a skill's positives are instead the sentences on the lines that
tests/scan/corpus/labels.toml gives for it (located from the manifest's ``where`` and ``goal``
without the scanner, so the model is not taught only what the rules already catch); a skill with no
labels falls back to the rules' (labels-only: left out; both: the union). Negatives: every sentence of the
corpus's benign skills and of the real public skills under each --real DIR (fetched
collections; only the weights derived from them are written).

The threshold is chosen by two-fold cross-validation over the real skills: each half is scored
by a model that never saw it, and the threshold is the one at which --rate of real skills have a
sentence at or above it that also names a gate concept (the condition for a finding). The strong
score, at which a sentence is reported with no gate concept, is chosen the same way at
--strong-rate, over every sentence. The printed table is that held-out measurement; the shipped
model is then fitted on everything. Its category weights (which category a sentence over the
strong score reads as) are fitted on the final positives alone, each category of rules.toml
[model] strong against the rest.
Pure Python, seeded: the same inputs give the same file.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

L2 = 1e-5  # chosen on held-out-6 and a development set (see docs/scanner.md), never on the blind set
EPOCHS = 5
TOP_K = 2  # sentences kept per malicious skill between rounds
ROUNDS = 2
MIN_WEIGHT = 0.02  # smaller weights are dropped from the file
MIN_SKILLS = 3  # a feature must occur in this many skills to be learnt


def skill_sentences(root: Path, reported: set | None = None) -> list[tuple[str, bool]]:
    """Every sentence of prose the sentence model would read in a skill folder's Markdown, and
    whether it lies on a line in ``reported`` ((file, line) pairs)."""
    from skillpm.hashing import read_tree
    from skillpm.scan import engine, nlmodel

    out = []
    tree = read_tree(root)
    for path in sorted(tree.files):
        data = tree.files[path]
        kind = engine.classify(path, data, False)
        if kind not in ("skill_md", "markdown"):
            continue
        ctx = engine.markdown_ctx(path, data.decode("utf-8", errors="replace"), kind)
        text, body = engine.model_input(ctx)
        for start, s in nlmodel.sentences(text, body):
            lines = range(ctx.line_of(start), ctx.line_of(start + len(s)) + 1)
            out.append((s, bool(reported) and any((path, n) in reported for n in lines)))
    return out


_RULES_ONLY = None


def reported_lines(root: Path, categories: list[str]) -> set[tuple[str, int]]:
    """(file, line) of the findings of the scanner without its sentence model that fall in one
    of ``categories``: the sentences already known to carry the injection."""
    from skillpm.hashing import read_tree
    from skillpm.scan import engine

    global _RULES_ONLY
    if _RULES_ONLY is None:
        _RULES_ONLY = engine.Scanner()
        _RULES_ONLY.model = None
    scanner = _RULES_ONLY
    tree = read_tree(root)
    out = set()
    for path in sorted(tree.files):
        for f in scanner.scan_file(path, tree.files[path], path in tree.executables):
            if f.category in categories and f.severity in ("medium", "high", "critical"):
                out.add((f.file, f.line))
    return out


def fit(pos: list[set], neg: list[set], seed: int = 1, share: float = 30) -> tuple[dict[str, float], float]:
    """Logistic regression by SGD with lazily applied L2 decay; positives weighted up to the
    negatives' mass over ``share``. Features are numbered and weights kept in a list (the same
    arithmetic in the same order as over a dict of strings, so the same weights, in a third of the time)."""
    index: dict[str, int] = {}
    setdefault = index.setdefault
    data = [(tuple([setdefault(x, len(index)) for x in f]), 1) for f in pos]
    data += [(tuple([setdefault(x, len(index)) for x in f]), 0) for f in neg]
    w = [0.0] * len(index)
    bias, lr = -4.0, 0.05
    wpos = len(neg) / max(1, len(pos)) / share
    rnd = random.Random(seed)
    decay, scale = 1 - lr * L2, 1.0  # true weight = w[x] * scale
    exp = math.exp
    for _ in range(EPOCHS):
        rnd.shuffle(data)
        get = w.__getitem__
        for f, y in data:
            z = bias + scale * sum(map(get, f))
            p = 1 / (1 + exp(-max(-30.0, min(30.0, z))))
            scale *= decay
            g = (p - y) * (wpos if y else 1.0) * lr
            if abs(g) < 1e-6:
                continue
            d = g / scale
            for x in f:
                w[x] -= d
            bias -= g * 0.1
        w = [v * scale for v in w]
        scale = 1.0
    from skillpm.scan.nlmodel import Model

    names = list(index)
    return Model(bias, 0.0, {names[i]: v for i, v in enumerate(w) if v})  # scored as the scanner scores


def positives(bags: dict[str, list[tuple[set, bool]]], model=None) -> list[tuple[set, str]]:
    """(features, skill) of each positive sentence: those the rules already report in the skill's
    category, or for a skill the rules miss, all its sentences (no model yet) or the model's TOP_K best."""
    out = []
    for name, bag in bags.items():
        known = [f for f, seen in bag if seen]
        if not known:
            known = [f for f, _ in bag] if model is None else sorted(
                (f for f, _ in bag), key=lambda f: -model.score_features(f))[:TOP_K]
        out += [(f, name) for f in known]
    return out


def train(bags: dict[str, list[tuple[set, bool]]], neg: list[set], named: bool = False):
    """A skill's positives are the sentences the rules already report in its category; a skill
    the rules miss starts with all its sentences and keeps its TOP_K best after each round.
    ``named``: also return the final positives as (features, skill)."""
    pos = positives(bags)
    for _ in range(ROUNDS):
        pos = positives(bags, fit([f for f, _ in pos], neg))
    model = fit([f for f, _ in pos], neg)
    return (model, pos) if named else model


def fit_categories(pos: list[tuple[set, str]], categories: dict[str, list[str]], wanted) -> dict:
    """Per category of ``wanted``: bias and weights fitted on the positive sentences of skills
    listing it against the positive sentences of skills that do not (one against the rest, the
    two sides of equal mass). Only which category a planted sentence reads as is learnt here."""
    out = {}
    for cat in sorted(wanted):
        yes = [f for f, name in pos if cat in categories[name]]
        no = [f for f, name in pos if cat not in categories[name]]
        if len(yes) < MIN_SKILLS or not no:
            continue
        m = fit(yes, no, share=1)
        out[cat] = (m.bias, {k: v for k, v in m.weights.items() if abs(v) >= MIN_WEIGHT})
    return out


POSITIVES = ("rules", "labels", "labels-only", "both")


def load_labels(corpus: Path) -> dict[str, set[tuple[str, int]]]:
    """tests/scan/corpus/labels.toml: per injected skill, the (file, line) pairs that carry its
    order, located by hand from the manifest's ``where`` and ``goal`` without the scanner."""
    from skillpm.config import load_toml

    path = corpus / "labels.toml"
    if not path.is_file():
        return {}
    return {name: {(f, n) for f, lines in files.items() for n in lines}
            for name, files in load_toml(path, "corpus labels").items()}


def load_corpus(corpus: Path, excluded: set, with_sets: bool = False, positives: str = "rules"):
    """(bags, categories, corpus_neg): each natural-language injection's sentences as (features,
    marked as a positive), its categories, and the features of every sentence of the benign skills,
    the sets in ``excluded`` left out (look-alikes too). ``with_sets``: corpus_neg holds (set, features).
    ``positives`` says which sentences are marked: "rules", those on lines the rules report in the
    skill's category; "labels", those on the lines of labels.toml (a skill without labels: the
    rules'); "labels-only", the labelled lines, skills without labels left out; "both", either."""
    from skillpm.config import load_toml
    from skillpm.scan import nlmodel

    if positives not in POSITIVES:
        raise ValueError(f"positives must be one of {POSITIVES}")
    manifest = load_toml(corpus / "manifest.toml", "corpus manifest")
    labels = load_labels(corpus) if positives != "rules" else {}
    bags, categories = {}, {}
    for e in manifest["malicious"]:
        if e["group"] == "nl" and e.get("set", "") not in excluded:
            root = corpus / "malicious" / e["name"]
            labelled = labels.get(e["name"], set())
            if positives == "labels-only" and not labelled:
                continue
            if positives == "rules" or positives == "both" or not labelled:
                marked = reported_lines(root, e["categories"]) | labelled
            else:
                marked = labelled
            categories[e["name"]] = e["categories"]
            bags[e["name"]] = [(nlmodel.features(s), seen) for s, seen in skill_sentences(root, marked)]
    corpus_neg = [(e.get("set", ""), nlmodel.features(s)) if with_sets else nlmodel.features(s)
                  for e in manifest["benign"] if e.get("set", "") not in excluded
                  for s, _ in skill_sentences(corpus / "benign" / e["name"])]
    return bags, categories, corpus_neg


def load_real(dirs: list[Path]) -> tuple[dict[str, list[str]], dict[str, list[set]]]:
    """Each real skill's sentences and their features."""
    from skillpm.scan import nlmodel

    real: dict[str, list[str]] = {}
    for d in dirs:
        for md in sorted(p for p in d.resolve().rglob("*") if p.name.lower() == "skill.md" and p.is_file()):
            try:
                real[str(md.parent)] = [s for s, _ in skill_sentences(md.parent)]
            except Exception:  # a skill the installer would refuse
                continue
    return real, {k: [nlmodel.features(s) for s in v] for k, v in real.items()}


def build_model(bags, categories, corpus_neg, real, real_f, rate: float, strong_rate: float, quiet: bool = False):
    """The model trained on these positives and negatives, its threshold and strong score set by
    two-fold cross-validation over the real skills; and the measurement ({"flagged",
    "flagged_strong", "fitted"})."""
    from skillpm.scan import nlmodel
    from skillpm.scan.rules import load_rules

    log = (lambda *a, **k: None) if quiet else print
    # A word or pair seen in fewer than MIN_SKILLS skills (injected ones, or benign and real ones)
    # is one writer's idiom, not a sign of intent: it is left out, so the model cannot learn a name.
    df: dict[str, int] = {}
    for bag in [*([f for f, _ in b] for b in bags.values()), *real_f.values()]:
        for x in set().union(*bag):
            df[x] = df.get(x, 0) + 1
    bags = {k: [({x for x in f if df[x] >= MIN_SKILLS}, seen) for f, seen in bag] for k, bag in bags.items()}
    real_f = {k: [{x for x in f if df[x] >= MIN_SKILLS} for f in v] for k, v in real_f.items()}
    corpus_neg = [{x for x in f if df.get(x, 0) >= MIN_SKILLS} for f in corpus_neg]
    log(f"{len(bags)} injected skills ({sum(any(s for _, s in b) for b in bags.values())} with sentences the rules "
        f"report), {len(corpus_neg)} benign corpus sentences, "
        f"{len(real)} real skills ({sum(map(len, real.values()))} sentences)", file=sys.stderr)

    rules = load_rules()
    gates = [[rules.concepts[name].compiled for name in names] for names, _ in rules.model_gates]

    def gated(sentence: str) -> bool:
        return any(all(g.search(sentence) for g in gate) for gate in gates)

    # Held-out: each half of the real skills scored by a model fitted without it.
    best: dict[str, float] = {}
    best_any: dict[str, float] = {}  # with no gate: for the strong score
    thresholds, strongs = [], []

    def at_rate(values: list[float], rate: float) -> float:
        ranked = sorted(values, reverse=True)
        return ranked[min(len(ranked) - 1, int(len(ranked) * rate))]

    for fold in (0, 1):
        held = [k for k in real if zlib.crc32(k.encode()) % 2 == fold]
        kept = set(real) - set(held)
        neg = corpus_neg + [f for k in real if k in kept for f in real_f[k]]
        fold_model = train(bags, neg)
        for k in held:
            scored = [(fold_model.score_features(f), text) for f, text in zip(real_f[k], real[k])]
            best[k] = max((s for s, text in scored if gated(text)), default=-math.inf)
            best_any[k] = max((s for s, _ in scored), default=-math.inf)
        thresholds.append(at_rate([best[k] for k in held], rate))
        strongs.append(at_rate([best_any[k] for k in held], strong_rate))
        log(f"fold {fold}: {len(held)} real skills held out, threshold at {rate:.1%}: {thresholds[-1]:.2f}, "
            f"strong score at {strong_rate:.1%}: {strongs[-1]:.2f}", file=sys.stderr)
    threshold = sum(thresholds) / len(thresholds)
    # The strong score is never below the gated threshold: under it no sentence is weighed at all.
    strong = max(threshold, sum(strongs) / len(strongs))
    flagged = sum(v >= threshold for v in best.values())
    flagged_strong = sum(v >= strong for v in best_any.values())
    log(f"held-out real skills with a gated sentence at or above {threshold:.2f}: {flagged}/{len(best)} "
        f"({100 * flagged / max(1, len(best)):.2f}%); with any sentence at or above the strong score "
        f"{strong:.2f}: {flagged_strong}/{len(best_any)} ({100 * flagged_strong / max(1, len(best_any)):.2f}%)")
    fitted, pos = train(bags, corpus_neg + [f for v in real_f.values() for f in v], named=True)
    weights = {k: v for k, v in fitted.weights.items() if abs(v) >= MIN_WEIGHT}
    cats = fit_categories(pos, categories, rules.model_strong)
    model = nlmodel.Model(fitted.bias, threshold, weights, strong, cats)
    return model, {"flagged": flagged, "flagged_strong": flagged_strong, "fitted": len(fitted.weights)}


def main() -> int:
    global L2, TOP_K
    if os.environ.get("PYTHONHASHSEED") != "0":
        # Sums run over sets of strings, whose order follows the per-process string hash: fix it,
        # or two runs on the same inputs give weights that differ in their last digits.
        os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"})
    from skillpm.fsutil import atomic_write_text
    from skillpm.scan import evaluate, nlmodel

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--real", action="append", default=[], type=Path, required=True, help="folder of real skills")
    ap.add_argument("--corpus", type=Path, default=Path(__file__).resolve().parent.parent / "tests/scan/corpus")
    ap.add_argument("--exclude", action="append", default=[], help="a corpus set left out of training")
    ap.add_argument("--rate", type=float, default=0.01, help="share of real skills allowed a finding (held out)")
    ap.add_argument("--strong-rate", type=float, default=0.003,
                    help="share of real skills allowed a sentence over the strong score, gate or none (held out)")
    ap.add_argument("--no-blind", action="store_true",
                    help="train on the blind sets too (when none is blind: the next one is not in the corpus yet)")
    ap.add_argument("--dry-run", action="store_true", help="print the measurement, write nothing")
    ap.add_argument("--out", type=Path, help="write the model here instead of skillpm/scan/nl_model.tsv")
    ap.add_argument("--l2", type=float, default=L2, help=f"L2 decay (default {L2})")
    ap.add_argument("--top-k", type=int, default=TOP_K, help=f"sentences kept per unreported skill (default {TOP_K})")
    ap.add_argument("--positives", choices=POSITIVES, default="rules",
                    help="which sentences of an injection are its positives: those the rules report (default), "
                         "those on the lines of tests/scan/corpus/labels.toml (labels: the rules' where a skill "
                         "has none; labels-only: skills without labels left out), or both")
    args = ap.parse_args()
    L2, TOP_K = args.l2, args.top_k
    t0 = time.time()
    excluded = {evaluate.BLIND, evaluate.BLIND_CODE, *args.exclude}  # the blind sets, look-alikes too
    if args.no_blind:
        excluded = set(args.exclude)
    bags, categories, corpus_neg = load_corpus(args.corpus, excluded, positives=args.positives)
    real, real_f = load_real(args.real)
    model, stats = build_model(bags, categories, corpus_neg, real, real_f, args.rate, args.strong_rate)
    threshold, strong, cats, weights = model.threshold, model.strong, model.categories, model.weights
    flagged, flagged_strong, n_real = stats["flagged"], stats["flagged_strong"], len(real)
    header = [
        "The scanner's sentence model (skillpm/scan/nlmodel.py): feature<TAB>weight, written by",
        "bench/train_nl_model.py; do not edit by hand.",
        (f"positives: the corpus's {len(bags)} natural-language injections (blind set {evaluate.BLIND} "
         f"left out, with {', '.join(sorted(excluded - {evaluate.BLIND}))})" if evaluate.BLIND in excluded else
         f"positives: the corpus's {len(bags)} natural-language injections (no set left out"
         + (f" but {', '.join(sorted(excluded))})" if excluded else ")")),
        f"negatives: {len(corpus_neg)} sentences of the corpus's benign skills and "
        f"{sum(map(len, real.values()))} sentences of {len(real)} real public skills",
        f"threshold: held-out {args.rate:.1%} of real skills (two folds); measured {flagged}/{n_real}",
        f"strong score (no gate needed): held-out {args.strong_rate:.1%} of real skills (two folds); "
        f"measured {flagged_strong}/{n_real}",
        f"categories: one against the rest over the positives, for {', '.join(sorted(cats))}",
        f"L2 {L2}, {EPOCHS} epochs, {ROUNDS} rounds keeping {TOP_K} sentences per skill; |weight| >= {MIN_WEIGHT}",
    ]
    if args.positives != "rules":
        header.insert(4, f"positive sentences: --positives {args.positives} (tests/scan/corpus/labels.toml)")
    print(f"{len(weights)} weights kept of {stats['fitted']}; {time.time() - t0:.0f} s", file=sys.stderr)
    if not args.dry_run:
        out = args.out or nlmodel.MODEL_FILE
        atomic_write_text(out, model.dump(header))
        print(f"wrote {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
