"""A linear model over a sentence's words: how much it reads like an instruction planted in a skill.

Patterns and intents (intent.py) know wordings; a paraphrase that avoids all of them still uses
the vocabulary of what it wants (verbatim, unredacted, outrank, intake mailbox, no sign-off…).
The model weighs every word and word pair of a sentence at once, so a sentence close to known
injections in words, though in none of their phrasings, scores high.

It never reports on its own: a sentence that scores at least the model's threshold is reported
only when it also names what an injection is after (a gate of rules.toml [model]: secrets, the
agent's own instructions, a refusal switched off…, or every concept of a gate that lists several),
and the first gate it passes picks the rule, the category and the line. A sentence that scores at
least the model's strong score (set where a few in a thousand real skills have such a sentence)
needs no gate concept: its category is the one the model's category weights read it as, and the
rule is that category's in rules.toml [model] strong. Findings are medium, take the usual
context checks, and say the score.

The weights are data (``nl_model.tsv``), trained by ``bench/train_nl_model.py`` on the labelled
corpus (``tests/scan/corpus``, never the blind set) against real public skills; the file records
what it was trained on.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import compress
from math import fsum
from pathlib import Path

from skillpm.scan.intent import SENTENCE_END_RE  # a sentence ends where the intents' sentences end

MODEL_FILE = Path(__file__).with_name("nl_model.tsv")
_START = re.Match.start
# Words without digits: a version, a port or a corpus file's numbering says nothing about intent.
WORD_RE = re.compile(r"[a-z0-9][a-z0-9']*")
DESCRIPTION_RE = re.compile(r"[ \t]*description[ \t]*:[ \t]*")
MIN_SENTENCE = 16  # characters; shorter pieces are headings and labels
MAX_SENTENCE = 1000  # characters; a longer run without a sentence end is read in pieces of this size
MAX_CHECKED = 16  # sentences over the threshold weighed per file (each costs up to one search per gate)
MAX_TEXT = 128 * 1024  # characters of one file's prose the model reads (the patterns and intents read on)
SUFFIXES = ("ing", "ed", "es", "s")


def _stem(word: str) -> str:
    word = word.replace("'", "")
    for suffix in SUFFIXES:
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


_NORMAL: dict[str, str] = {}  # word -> its feature ("" for a word with digits), bounded


def _normal(word: str) -> str:
    return _stem(word) if word[0].isalpha() and not any(map(str.isdigit, word)) else ""


def _normalised(raw: list[str]) -> list[str]:
    """The feature of each word ("" for one with digits), read from a bounded cache."""
    normal = _NORMAL
    if len(normal) > 200_000:
        normal.clear()
    got = list(map(normal.get, raw))
    if None in got:
        for w in set(raw).difference(normal):
            normal[w] = _normal(w)
        got = list(map(normal.__getitem__, raw))
    return got


def features(sentence: str) -> set[str]:
    """The sentence's words (lowercase, a plural or tense ending cut) and its pairs of neighbouring words."""
    return _feature_set(list(filter(None, _normalised(WORD_RE.findall(sentence.lower())))))


def _feature_set(words: list[str]) -> set[str]:
    out = set(words)
    out.update(map("_".join, zip(words, words[1:])))
    return out


def features_of(text: str, found: list[tuple[int, str]]) -> list[set[str]]:
    """The features of each sentence (offset, sentence) of ``text``: its words (a word belongs to
    the sentence it starts in) and their pairs, as ``features`` reads them. The words are found
    in the lowercase text in place, sentence by sentence, without slicing or lowercasing again."""
    low = text.lower()
    if len(low) != len(text):  # a character lowercased to two (İ): offsets would shift
        return [features(s) for _, s in found]
    n, findall = len(low), WORD_RE.findall
    if any(start and low[start - 1] in _IN_WORD or start + len(s) < n and low[start + len(s)] in _IN_WORD
           for start, s in found):
        return _features_of_text(low, found)  # a sentence cut inside a word (a long run without blanks)
    out = []
    for start, sentence in found:
        out.append(_feature_set(list(filter(None, _normalised(findall(low, start, start + len(sentence)))))))
    return out


_IN_WORD = frozenset("abcdefghijklmnopqrstuvwxyz0123456789'")  # what WORD_RE reads inside a word


def _features_of_text(low: str, found: list[tuple[int, str]]) -> list[set[str]]:
    """``features_of`` with the words of the whole text read once: a word belongs to the
    sentence it starts in, wherever the sentences were cut."""
    got = _normalised(WORD_RE.findall(low))
    starts = list(compress(map(_START, WORD_RE.finditer(low)), got))  # of the words kept
    words = list(compress(got, got))
    pairs = list(map("_".join, zip(words, words[1:])))
    out = []
    for start, sentence in found:
        i, j = bisect_left(starts, start), bisect_left(starts, start + len(sentence))
        f = set(words[i:j])
        f.update(pairs[i:j - 1])
        out.append(f)
    return out


# Per model: each word's most a sentence can gain from it (its own weight and the largest of the
# pairs it starts, when positive). Their sum over a sentence's words bounds its score from above.
_BOUNDS: dict[int, tuple["Model", dict[str, float], dict[str, float]]] = {}
BOUND_MARGIN = 1e-6  # float sums of a few hundred weights differ from the exact sum by far less


def _bounds(model: "Model") -> tuple[dict[str, float], dict[str, float]]:
    """(feature word → its bound, word as read → the bound of its feature: a bounded cache)."""
    got = _BOUNDS.get(id(model))
    if got is None or got[0] is not model:
        best: dict[str, list[float]] = {}
        for feature, w in model.weights.items():
            if w > 0:
                word, pair, _ = feature.partition("_")
                slot = best.setdefault(word, [0.0, 0.0])
                slot[1 if pair else 0] = max(slot[1 if pair else 0], w)
        got = _BOUNDS[id(model)] = (model, {k: a + b for k, (a, b) in best.items()}, {})
    return got[1], got[2]


def _raw_bounds(raw: list[str], bound: dict[str, float], cache: dict[str, float]) -> float:
    """The sum of the bounds of the features of words ``raw`` as read (``_normal`` of each; 0 for
    a word with none), each word's bound read from ``cache``."""
    try:  # every word seen before (most sentences): summed straight from the cache, in the same order
        return sum(map(cache.__getitem__, raw))
    except KeyError:
        pass
    if len(cache) > 200_000:
        cache.clear()
    got = list(map(cache.get, raw))
    if None in got:
        for w in set(raw).difference(cache):
            cache[w] = bound.get(_NORMAL.get(w) or _normal(w), 0.0) if w else 0.0
        got = list(map(cache.__getitem__, raw))
    return sum(got)


def over_threshold(model: "Model", text: str, found: list[tuple[int, str]]) -> list[tuple[int, set[str], float]]:
    """(index in ``found``, features, score) of each sentence of ``text`` that scores at least the
    model's threshold, as ``features_of`` and ``Model.score_features`` read them. A sentence whose
    words' bound (``_bounds``: no word adds more than its own and its best pair's positive weight)
    stays under the threshold is passed over before its pairs are made: most sentences are."""
    threshold = model.threshold
    low = text.lower()
    n, findall = len(low), WORD_RE.findall
    if len(low) != len(text) or any(start and low[start - 1] in _IN_WORD or start + len(s) < n and low[start + len(s)] in _IN_WORD
                                    for start, s in found):
        return [(i, f, sc) for i, f in enumerate(features_of(text, found))
                if (sc := model.score_features(f)) >= threshold]
    bound, cache = _bounds(model)
    floor = threshold - model.bias - BOUND_MARGIN
    out = []
    for i, (start, sentence) in enumerate(found):
        raw = findall(low, start, start + len(sentence))
        if _raw_bounds(raw, bound, cache) < floor:
            continue  # even every word at its best leaves it under the threshold
        f = _feature_set(list(filter(None, _normalised(raw))))
        sc = model.score_features(f)
        if sc >= threshold:
            out.append((i, f, sc))
    return out


def sentences(prose: str, body_start: int = 0) -> list[tuple[int, str]]:
    """(offset, sentence) of each sentence of ``prose`` (code already blanked). Before
    ``body_start`` is frontmatter: only the description's value is read there."""
    out = []
    add = out.append
    pos = 0
    bounds = [m.span() for m in SENTENCE_END_RE.finditer(prose)]
    bounds.append((len(prose), len(prose)))
    for end, after in bounds:
        start = pos
        pos = after
        if end - start < MIN_SENTENCE:
            continue
        if start < body_start:
            d = DESCRIPTION_RE.match(prose, start, end)
            if d is None:
                continue
            start = d.end()
        while end - start > MAX_SENTENCE:  # no sentence end for a long way: pieces cut at a blank
            cut = prose.rfind(" ", start + MAX_SENTENCE // 2, start + MAX_SENTENCE)
            cut = cut if cut > start else start + MAX_SENTENCE
            _piece(prose, start, cut, add)
            start = cut
        _piece(prose, start, end, add)
    return out


def _piece(prose: str, start: int, end: int, add) -> None:
    piece = prose[start:end]
    stripped = piece.strip()
    if len(stripped) >= MIN_SENTENCE:
        add((start + len(piece) - len(piece.lstrip()), stripped))


@dataclass(frozen=True)
class Model:
    bias: float
    threshold: float
    weights: dict[str, float]
    # A sentence scoring at least ``strong`` is reported with no gate concept: it reads as planted
    # as the strongest known injections. Its category is the one ``categories`` scores highest
    # (per category: bias and weights, fitted on the injected sentences of each category against
    # those of the others). None: no such path (a model file written before it).
    strong: float | None = None
    categories: dict[str, tuple[float, dict[str, float]]] = field(default_factory=dict)

    def score(self, sentence: str) -> float:
        return self.score_features(features(sentence))

    def score_features(self, feats: set[str]) -> float:
        # math.fsum: exactly rounded, so the score does not depend on the set's iteration order
        # (which changes with each process's string hashing; a plain sum once flipped a sentence
        # lying at the strong score between runs)
        return self.bias + fsum(filter(None, map(self.weights.get, feats)))

    def category(self, feats: set[str]) -> str | None:
        """The category whose weights score the sentence highest (None: the model has none)."""
        best, name = None, None
        for cat, (bias, weights) in sorted(self.categories.items()):
            s = bias + fsum(filter(None, map(weights.get, feats)))
            if best is None or s > best:
                best, name = s, cat
        return name

    def dump(self, header: list[str]) -> str:
        lines = [f"# {h}" for h in header]
        lines += [f"@bias\t{self.bias:.4f}", f"@threshold\t{self.threshold:.4f}"]  # "@": never a feature
        if self.strong is not None:
            lines.append(f"@strong\t{self.strong:.4f}")
        lines += [f"{k}\t{v:.4f}" for k, v in sorted(self.weights.items(), key=lambda kv: (-abs(kv[1]), kv[0]))]
        for cat, (bias, weights) in sorted(self.categories.items()):  # "%category": never a feature either
            lines.append(f"%{cat}\t@bias\t{bias:.4f}")
            lines += [f"%{cat}\t{k}\t{v:.4f}" for k, v in sorted(weights.items(), key=lambda kv: (-abs(kv[1]), kv[0]))]
        return "\n".join(lines) + "\n"


def parse(text: str) -> Model:
    bias = threshold = strong = None
    weights: dict[str, float] = {}
    cats: dict[str, list] = {}
    for n, line in enumerate(text.splitlines(), 1):
        if not line or line.startswith("#"):
            continue
        key, sep, value = line.partition("\t")
        if not sep:
            raise ValueError(f"nl_model.tsv line {n}: expected 'feature<TAB>weight'")
        if key.startswith("%"):  # %category<TAB>feature<TAB>weight
            feature, sep, value = value.partition("\t")
            if not sep:
                raise ValueError(f"nl_model.tsv line {n}: expected '%category<TAB>feature<TAB>weight'")
            cat = cats.setdefault(key[1:], [0.0, {}])
            if feature == "@bias":
                cat[0] = float(value)
            else:
                cat[1][feature] = float(value)
        elif key == "@bias":
            bias = float(value)
        elif key == "@threshold":
            threshold = float(value)
        elif key == "@strong":
            strong = float(value)
        else:
            weights[key] = float(value)
    if bias is None or threshold is None:
        raise ValueError("nl_model.tsv: the @bias and @threshold lines are required")
    return Model(bias, threshold, weights, strong, {k: (b, w) for k, (b, w) in cats.items()})


@lru_cache(maxsize=1)
def load() -> Model | None:
    """The shipped model, or None when the file is absent (a scan then runs without it)."""
    try:
        return parse(MODEL_FILE.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
