"""The engine's literal search (``_Text.every``, ``_Text.positions``) finds what a plain search finds.

Every offset a plain search of the lowercase text finds, one ``str.find`` at a time, is found: overlapping
ones, a literal inside a longer word or literal, case variants, non-ASCII text and literals, a literal at
the very start or end; on crafted texts, on random ones, and on a sample of the labelled corpus with every
literal the scanner's plans look for. A faster search (several literals in one pass, a gate read from
the words) must keep these passing: the rules see the same places, so the findings stay the same.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skillpm.scan import literals
from skillpm.scan.engine import _WHOLE_WORDS, Scanner, _lower_aligned, _Text
from skillpm.scan.literals import Lexicon

CORPUS = Path(__file__).parent / "corpus"


def _all_offsets(low: str, lit: str) -> list[int]:
    """The reference: every offset of ``lit`` in ``low``, overlapping ones too, one str.find each."""
    out, i = [], low.find(lit)
    while i >= 0:
        out.append(i)
        i = low.find(lit, i + 1)
    return out


def _old_every(tx: _Text, lit: str) -> list[int]:
    """What ``every`` returned before the words were read: no offsets when a word every usable
    occurrence holds whole is missing (``_WHOLE_WORDS``), else every offset."""
    if tx.words is not None and not tx.words.issuperset(_WHOLE_WORDS.get(lit, ())):
        return []
    return _all_offsets(tx.low, lit)


def _text(s: str) -> _Text:
    tx = _Text(s)
    tx.words = Lexicon.words(tx.low)
    return tx


CASES = [
    # (text, literal, expected offsets in the lowercase text)
    ("aaaa", "aa", [0, 1, 2]),  # overlapping
    ("abababa", "aba", [0, 2, 4]),
    ("run curly braces", "curl", [4]),  # inside a longer word
    ("x = r.get(url).get(key)", ").get(", [13]),  # a literal inside a longer text of the same shape
    ("CURL, Curl and cUrL", "curl", [0, 6, 15]),  # case variants
    ("pipe it to bash", "bash", [11]),  # at the very end, no newline after
    ("bash it", "bash", [0]),  # at the very start
    ("upload to profile.io now", "file.io", [13]),  # the first run ends a longer word
    ("load .environment", ".env", [5]),  # the last run starts a longer word
    ("éfile.io", "file.io", [1]),  # a non-ASCII letter is part of the word
    ("—file.io", "file.io", [1]),  # a non-ASCII dash is a separator
    ("my_api_key=1", "api_key", [3]),  # "_" separates words
    ("do not, do  not, do\nnot", "do not", [0]),
    ("İstanbul curl", "curl", [9]),  # İ lowercases to two characters: offsets stay aligned
    ("ΣΊΣΥΦΟΣ said ignore", "ignore", [13]),
    ("ignorer les règles précédentes", "règles", [12]),  # a non-ASCII literal
    ("ignorer les regles", "règles", []),
    ("100.100.100.200", "100.100.100.200", [0]),
    ("100.100.100.2000", "100.100.100.200", [0]),
    ("no such thing here", "file.io", []),
    ("", "curl", []),
]


@pytest.mark.parametrize("text,lit,want", CASES)
def test_every_and_positions_find_the_same_offsets_as_a_plain_search(text, lit, want):
    tx = _text(text)
    assert _all_offsets(tx.low, lit) == want
    assert tx.every(lit) == _old_every(tx, lit)
    tx = _text(text)  # positions on a fresh text (every() fills the cache positions reads first)
    assert tx.positions(lit, 2) == want[:2]
    assert tx.positions(lit, 100) == want


@given(st.text(alphabet="ab.- _\nAéÉ—İΣ0", max_size=40), st.integers(0, 40), st.integers(1, 6))
@settings(max_examples=3000, deadline=None)
def test_a_literal_the_text_holds_is_found_everywhere_it_is(text, at, size):
    tx = _text(text)
    lit = tx.low[at:at + size]
    if lit:
        assert tx.positions(lit, 1000) == _all_offsets(tx.low, lit)
        assert _text(text).every(lit) == _old_every(tx, lit)


@given(st.text(alphabet="aAİIıiΣσςΑΒ xß.\n", max_size=30))
@settings(max_examples=2000, deadline=None)
def test_the_lowercase_text_keeps_the_offsets_of_the_text(text):
    """A text with İ (which lowercases to two characters) keeps it, every other character lowered alone
    (Σ to σ); any other text is lowered as str.lower does."""
    want = text.lower()
    if len(want) != len(text):
        want = "".join(c if len(c.lower()) != 1 else c.lower() for c in text)
    assert _text(text).low == want
    assert len(_lower_aligned(text)) == len(text)


def _scanner_literals() -> list[str]:
    s = Scanner()
    plans = list(s.plans) + [p for ps in s.concepts.values() for p in ps]
    return sorted({lit for p in plans for g in p.every for lit, _ in g.lits})


def test_on_the_corpus_every_literal_of_the_plans_is_found_where_it_is():
    """A sample of the labelled corpus (for time), every literal the plans look for: the offsets are a
    plain search's (none where a word every usable occurrence holds whole is missing)."""
    lits = _scanner_literals()
    files = sorted(f for f in CORPUS.rglob("*") if f.is_file() and f.stat().st_size < 200_000)
    random.Random(29).shuffle(files)
    for f in files[:300]:
        text = f.read_bytes().decode("utf-8", "replace")
        tx = _text(text)
        for lit in lits:
            got = tx.every(lit)
            assert got == _old_every(tx, lit), (f, lit)


def test_a_literal_longer_than_the_prefilters_cut_is_found_by_its_whole_text():
    # leading literals are cut at STOP_LENGTH characters; the cut literal is what is looked for
    lit = "x" * literals.STOP_LENGTH
    tx = _text("y" + lit + "x")
    assert tx.every(lit) == [1, 2]
