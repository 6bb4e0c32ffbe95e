"""The scanner's prefilter is sound: it never rules out a place where a rule pattern matches.

The engine tries a pattern only where one of its leading literals occurs, only when every
required group of literals occurs in the file, and reads "occurs" from the file's word set.
These tests check each of those claims against the real regexes, on every rule example and
every file of the labelled corpus (malicious and benign), by running each pattern over the
whole text the slow way and comparing.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from skillpm.scan import literals
from skillpm.scan.engine import _WHOLE_WORDS as WHOLE_WORDS
from skillpm.scan.engine import Scanner
from skillpm.scan.literals import EDGE, Key, Lexicon, leading_literals, plain, required_literals

CORPUS = Path(__file__).parent / "corpus"
SCANNER = Scanner()


def _texts() -> list[str]:
    out = []
    for rule in SCANNER.pattern_rules:
        for ex in rule.catch + rule.clean:
            out.append(ex if isinstance(ex, str) else ex["text"])
    for f in sorted(CORPUS.rglob("*")):
        if f.is_file() and f.stat().st_size < 200_000:
            out.append(f.read_bytes().decode("utf-8", "replace"))
    return out


TEXTS = _texts()


def test_corpus_is_there():
    assert len(TEXTS) > 300


# The rule patterns' plans, and the concepts' (one per alternative; intents and the sentence model's gates).
ALL_PLANS = [(f"{p.rule.id}-{p.index}", p) for p in SCANNER.plans] + [
    (f"{name}-{i}", p) for name, plans in sorted(SCANNER.concepts.items()) for i, p in enumerate(plans)]


@pytest.mark.parametrize("plan", [p for _, p in ALL_PLANS], ids=[n for n, _ in ALL_PLANS])
def test_every_match_starts_at_a_leading_literal_and_holds_every_required_group(plan):
    """(The rules' own anchor groups, `kw` in rules.toml, are the rule author's claim about the
    file around a match; their `catch` examples test them.)"""
    rx = plan.pat.regex.compiled
    lex = Lexicon(plan.keys)

    for text in TEXTS:
        low = text.lower()
        if len(low) != len(text):
            continue
        for m in rx.finditer(text):

            if plan.leads is not None:
                assert any(low.startswith(lit, m.start()) for lit, _ in plan.leads.lits), (
                    f"a match does not start with a leading literal: {m.group(0)!r}")
                # the engine does not look for a literal one of whose whole words the file lacks
                file_words = Lexicon.words(low)
                assert any(low.startswith(lit, m.start()) and file_words.issuperset(WHOLE_WORDS.get(lit, ()))
                           for lit, _ in plan.leads.lits), f"the whole-word filter shut out {m.group(0)!r}"
            inside = m.group(0).lower()
            words = lex.present(lex.words(inside))
            for g in plan.required:
                assert g.count(words, lambda s: s in inside), f"{g.lits[:4]}… missing in the match {m.group(0)!r}"
            # \b sees a word start after a non-ASCII mark ("→curl" holds the word curl): a match
            # that still matches behind one must still pass the file's word gate.
            glued = text[:m.start()] + "→" + text[m.start():]
            if len(text) < 20_000 and rx.match(glued, m.start() + 1):
                found = lex.present(lex.words(glued.lower()))
                own = ([plan.leads] if plan.leads else []) + list(plan.required)  # read from the regex
                assert all(g.words & found for g in own if not g.subs), f"the word gate shut out {glued[m.start():m.end() + 1]!r}"


OWN_KW = [p for p in SCANNER.plans if p.pat.anchors and (not p.pat.inherited or p.leads is None)]


@pytest.mark.parametrize("plan", OWN_KW, ids=lambda p: f"{p.rule.id}-{p.index}")
def test_every_match_has_its_anchor_words_within_reach(plan):
    """A pattern's `kw` (or, when its start is unknown, its rule's keywords) claims that one
    literal of each group occurs within the pattern's reach of every match: the engine looks
    only there. Checked on every rule example and corpus file."""
    rx = plan.pat.regex.compiled
    span = plan.pat.span
    for text in TEXTS:
        low = text.lower()
        if len(low) != len(text):
            continue
        for m in rx.finditer(text):
            near = low[max(0, m.start() - span):m.end() + span]
            for group in plan.pat.anchors:
                assert any(lit in near for lit in group), f"no {group[:5]}… near {m.group(0)!r}"


def test_the_examples_exercise_the_patterns():
    # 197 of the 283 plans match some example or corpus file (measured); the soundness test
    # above is only as strong as this number.
    matched = sum(1 for p in SCANNER.plans if any(p.pat.regex.compiled.search(t) for t in TEXTS))
    assert matched >= 195


def test_leading_literals_of_simple_patterns():
    assert leading_literals(r"\b(?:ignore|disregard)\s+all", re.I) == (f"{EDGE}disregard{EDGE}", f"{EDGE}ignore{EDGE}")
    assert leading_literals(r"(?:~|\$HOME)/\.ssh", re.I) == ("$home/.ssh", "~/.ssh")
    assert leading_literals(r"[\w.-]+@example\.com") is None  # any word character may start it
    assert leading_literals(r"(?:the\s+)?old") is None  # optional words, then anything: unknown
    assert leading_literals(r"Curl|WGET") == ("curl", "wget")  # lowercase, like the text it is looked for in


def test_required_literals_skip_gaps_and_keep_words():
    got = required_literals(r"\b(?:ignore|forget)\b[^\n]{0,60}?\b(?:previous|prior)\b[^\n]{0,9}(?:rules?|prompts?)", re.I)
    assert [sorted(plain(x) for x in g) for g in got] == [["previous", "prior"], ["prompt", "prompts", "rule", "rules"]]
    assert required_literals(r"a|b") == []  # a top-level alternation has no part every match holds


def test_required_literals_start_a_word_after_a_repeat_that_ends_in_a_blank():
    # taken or skipped, (?:\w+\s+){0,3} leaves a blank right before "refusals": a word starts there,
    # so the group is found by the file's words (no substring test)
    got = required_literals(r"\b(?:no|never)\s+(?:[\w-]+,?\s+){0,3}?refusals\b", re.I)
    assert got == [(f"{EDGE}refusals{EDGE}",)] and Key(got[0][0], False).word == b"refusals"
    # skipped, the repeat leaves whatever came before it: here a word character, so no word start
    assert required_literals(r"\b(?:no|never)(?:[\w-]+,?\s+){0,3}?refusals\b", re.I) == [("refusals" + EDGE,)]
    # a repeat that may end in a word character says nothing either
    assert required_literals(r"\bno\s+(?:\s+[\w-]+){0,3}refusals\b", re.I) == [("refusals" + EDGE,)]


def test_keys_know_the_words_a_literal_holds_whole():
    # a separator or a word edge on both sides inside the literal: every occurrence holds that word
    assert Key(f"{EDGE}ignore previous", False).whole == {b"ignore"}
    assert Key("$home/.ssh/id_", False).whole == {b"home", b"ssh", b"id"}
    assert Key("curl", False).whole == frozenset()  # "curl" may sit inside "libcurl"
    assert Key("café au", False).whole == frozenset()  # non-ASCII: left to the substring search


def test_keys_pick_a_word_the_text_will_hold():
    k = Key(f"{EDGE}curl{EDGE}", False)
    assert (k.word, k.exact) == (b"curl", True)
    k = Key("~/.ssh", False)
    assert (k.word, k.exact) == (b"ssh", False)  # ~/.sshd also holds it
    k = Key("$(", False)
    assert k.word is None and k.substring == "$("
    k = Key("sh", False)  # no \b before it: "bash" holds it mid-word, so only a substring test is sound
    assert k.word is None


def test_lexicon_finds_whole_words_and_word_starts():
    lex = Lexicon([Key(f"{EDGE}curl{EDGE}", False), Key("ignor", True), Key("api key", True)])
    words = lex.words("please ignoring everything; run `curl -s x` with my_api_key")
    found = lex.present(words)
    assert {b"curl", b"ignor", b"api"} <= found  # "api key" is looked for by one of its words
    assert lex.present(lex.words("curly ignition")) == set()  # "curly" is not the word curl


def test_word_table_keeps_non_ascii_words_whole():
    # \b counts é as a word character, so "caféignore" holds no word "ignore"; the prefilter agrees.
    assert literals.Lexicon.words("caféignore x") == {"caféignore".encode(), b"x"}


def test_non_ascii_marks_separate_words_as_they_do_for_b():
    # Dashes, arrows, bullets and curly quotes are no word characters to \b, so a word glued to
    # one is still that word; letters such as é are, so "caféignore" stays one word.
    words = literals.Lexicon.words("→curl “ignore” •wget—sh «eval» caféignore ×x ½y")
    assert {b"curl", b"ignore", b"wget", b"sh", b"eval", "caféignore".encode(), b"x", "½y".encode()} <= words
    assert b"ignore" not in literals.Lexicon.words("caféignore")


def test_separators_are_the_characters_b_does_not_count():
    # The prefilter's word split must agree with \w on every character it keeps or drops.
    from skillpm.scan.literals import _bytes

    for cp in [*range(0x80, 0x3100), 0xFE0F, 0xFF01, 0xFF21, 0x1F600, 0x1D400, 0xE0041]:
        c = chr(cp)
        kept = _bytes(f"a{c}b") == f"a{c}b".encode()
        assert kept == bool(re.fullmatch(r"\w", c)), hex(cp)
    assert _bytes("x—y→z") == b"x   y   z"  # as many spaces as bytes: byte offsets stay put


def test_positions_asked_again_with_a_larger_limit_are_found_again():
    # One file's literal positions are cached; a list cut short by one caller's limit must not
    # be handed, still short, to a caller allowed more (that would hide matches silently).
    from skillpm.scan.engine import _Text

    tx = _Text("curl a; curl b; curl c; curl d")
    assert tx.positions("curl", 2) == [0, 8]
    assert tx.positions("curl", 10) == [0, 8, 16, 24]
    assert tx.positions("curl", 3) == [0, 8, 16]


def test_words_across_cuts_complete_the_text_words():
    # A deobfuscated text's words are the original's plus those joined across a cut; the scanner
    # reads only the latter, so together they must equal the deobfuscated text's own words.
    import random

    from skillpm.scan.engine import _Deobf, _Text

    rnd = random.Random(7)
    samples = ['"cu"+"rl" x', "a'b'\"c\"+\"d\" é\"+\"é", 'x"\\\n"y', '"ab"+"cd"+"ef" "é"+"ü"', '""""""a""b',
               '\\\n\\\nab\\\ncd'] + TEXTS[:200]
    samples += ["".join(rnd.choice(['"', "'", "+", " ", "\n", "\\", "a", "b", "é", ".", "\t", "x1", "İ", "—", "→"])
                        for _ in range(40)) for _ in range(3000)]
    # the in-word tricks: backslashes and backticks in a word, $'\x..' strings, "".join([...])
    samples += ["".join(rnd.choice(['"', "'", " ", "\n", "\\", "a", "b", "é", "`", "$'", "\\x6", "3", "\\101", "\\u00e9",
                                    "\\x20", "\\n", "\\'", '"".join([', ",", "]", "f", ":", "İ", "c=", "$c", "${c}", ";", "x."])
                        for _ in range(30)) for _ in range(6000)]
    for text in samples:
        deobf = _Deobf(text)
        if not deobf.changed:
            continue
        base, dtext = _Text(text), _Text(deobf.text, deobf)
        before = Lexicon.words(base.low)
        after = Lexicon.words(dtext.low)
        assert before | after == before | Lexicon.words_across(dtext.low, deobf.starts), text


def test_invisible_characters_found_in_bytes_as_by_the_regex():
    from skillpm.scan import hidden

    chars = hidden._class_chars(hidden.INVISIBLE_CLASS)
    assert len(chars) > 400 and all(hidden.INVISIBLE_RE.fullmatch(c) for c in chars)
    for c in chars:
        assert hidden.has_invisible(f"é{c}—x"), hex(ord(c))
    for text in TEXTS + ["é—“x” ½ 🙂 \u20ac \ufe0e", "\U000e0100"]:
        assert hidden.has_invisible(text) == bool(hidden.INVISIBLE_RE.search(text))
    for cp in range(0x80, 0x3000):  # Greek and Cyrillic found in bytes as by GREEK_CYRILLIC_RE
        data = f"x{chr(cp)}y".encode().translate(None, hidden._ASCII_BYTES)
        assert bool(hidden.GREEK_CYRILLIC_BYTES_RE.search(data)) == bool(hidden.GREEK_CYRILLIC_RE.search(chr(cp)))


def test_substring_tests_agree_with_reading_both_texts():
    # has(sub) looks for word-character substrings among the words, and for the rest in the text
    # and near the cuts of the deobfuscated copy; it must say what searching both texts says.
    import random

    from skillpm.scan.engine import _Deobf, _Substrings, _Text

    subs = sorted(set(SCANNER.word_subs) | {sub for pl in SCANNER.plans for g in pl.every for _, sub in g.subs})
    rnd = random.Random(11)
    samples = ['x = "ev" + "al("; y = "~" + "/" ', "'$' + '(' 'ba''se64' \"ht\"\\\n\"tp://\""] + TEXTS[:300]
    samples += ["".join(rnd.choice(['"', "'", "+", " ", "\n", "\\", "$", "(", "ev", "al", "é", ":", "/", "|", "ht", "tp"])
                        for _ in range(30)) for _ in range(3000)]
    # the in-word tricks: backslashes and backticks in a word, $'\x..' strings, "".join([...])
    samples += ["".join(rnd.choice(['"', "'", " ", "\n", "\\", "$", "(", "ev", "al", "`", "$'", "\\x6", "5", "\\x7", "c",
                                    "\\x2f", "\\174", '"".join([', ",", "]", "|", "ht", "tp", ":", "/", "v=", "$v", "${v}", ";"])
                        for _ in range(24)) for _ in range(4000)]
    for text in samples:
        base = _Text(text)
        deobf = _Deobf(text)
        dtext = _Text(deobf.text, deobf) if deobf.changed else None
        words = Lexicon.words(base.low)
        if dtext is not None:
            words |= Lexicon.words(dtext.low)
        has = _Substrings(base, dtext, words, SCANNER.word_subs, SCANNER.sub_reach)
        for sub in subs:
            assert has(sub) == (sub in base.low or (dtext is not None and sub in dtext.low)), (text, sub)


@pytest.mark.parametrize("name", sorted(SCANNER.concept_search))
def test_a_concept_searched_with_its_first_character_guard_matches_where_it_did(name):
    """Intents search a concept in windows with a look-ahead for its literals' first characters:
    the same matches as the concept's own regex, on every rule example and corpus file."""
    own = SCANNER.ruleset.concepts[name].compiled
    guarded = SCANNER.concept_search[name]
    for text in TEXTS:
        assert [m.span() for m in guarded.finditer(text)] == [m.span() for m in own.finditer(text)]
